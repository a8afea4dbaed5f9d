import { describe, expect, it } from 'vitest';
import { keptPrices, labourKey } from './job-card-prices.ts';

const catalogue: Record<number, string> = { 1: '35.25', 2: '8.50' };
const fromCatalogue = (key: number) => catalogue[key];

describe('prices a technician cannot set', () => {
  it('keeps the price a line of the same part has on the card; new parts take the catalogue price', () => {
    const onCard = [{ key: 1, price: '30.00' }];
    expect(keptPrices([{ key: 1 }, { key: 2 }], onCard, fromCatalogue)).toEqual({ prices: ['30.00', '8.50'], refused: [] });
  });

  it('claims each card price once: a repeated line takes the catalogue price', () => {
    const onCard = [{ key: 1, price: '30.00' }];
    expect(keptPrices([{ key: 1 }, { key: 1 }], onCard, fromCatalogue).prices).toEqual(['30.00', '35.25']);
  });

  it('accepts a resent price that the card has for that part, whatever the order of the lines', () => {
    const onCard = [
      { key: 1, price: '35.25' },
      { key: 1, price: '30.00' },
    ];
    // The first card line was removed; the second is resent with its price.
    expect(keptPrices([{ key: 1, price: '30' }], onCard, fromCatalogue)).toEqual({ prices: ['30.00'], refused: [] });
    // Both lines, in the other order, one with its price and one without.
    expect(keptPrices([{ key: 1 }, { key: 1, price: '35.25' }], onCard, fromCatalogue)).toEqual({
      prices: ['30.00', '35.25'],
      refused: [],
    });
  });

  it('refuses a price that differs from the one the line gets, and a card price copied to another part', () => {
    const onCard = [{ key: 1, price: '30.00' }];
    expect(
      keptPrices(
        [
          { key: 1, price: '0.01' },
          { key: 2, price: '8.50' },
        ],
        onCard,
        fromCatalogue,
      ),
    ).toEqual({ prices: ['30.00', '8.50'], refused: [0] });
    expect(keptPrices([{ key: 2, price: '30.00' }], onCard, fromCatalogue)).toEqual({ prices: ['8.50'], refused: [0] });
    // The catalogue price does not undo a price set on the card.
    expect(keptPrices([{ key: 1, price: '35.25' }], onCard, fromCatalogue).refused).toEqual([0]);
    // A second line at the card's price: the first claims it, the second gets the catalogue price.
    expect(
      keptPrices(
        [
          { key: 1, price: '30' },
          { key: 1, price: '30' },
        ],
        onCard,
        fromCatalogue,
      ),
    ).toEqual({ prices: ['30.00', '35.25'], refused: [1] });
  });

  it('prices labour by description: the card line of the same work, else the workshop rate', () => {
    const onCard = [{ key: labourKey('Fit pads'), price: '60.10' }];
    const rate = () => '50.00';
    const lines = [{ key: labourKey('  fit   PADS ') }, { key: labourKey('Bleed brakes') }];
    expect(keptPrices(lines, onCard, rate)).toEqual({ prices: ['60.10', '50.00'], refused: [] });
    expect(keptPrices([{ key: labourKey('Bleed brakes'), price: '0.01' }], onCard, rate).refused).toEqual([0]);
  });
});
