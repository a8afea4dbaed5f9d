import { describe, expect, it } from 'vitest';
import { citationHref, confidenceLevel, partHref } from './citations';

describe('AI citations', () => {
  it('opens each record where it lives', () => {
    expect(citationHref({ kind: 'job_card', id: 12, label: 'JC-000012' })).toBe('/job-cards/12');
    expect(citationHref({ kind: 'vehicle', id: 7, label: 'Toyota Hilux' })).toBe('/vehicles/7');
    expect(citationHref({ kind: 'customer', id: 3, label: 'Omar Khalil' })).toBe('/customers/3');
    expect(citationHref({ kind: 'invoice', id: 9, label: 'INV-000009' })).toBe('/invoices/9');
    expect(citationHref({ kind: 'spare_part', id: 4, label: 'Brake pads & discs' })).toBe('/inventory?q=Brake%20pads%20%26%20discs');
    expect(citationHref({ kind: 'task', id: 1, label: 'Oil change' })).toBe('/tasks');
  });

  it('opens a maintenance schedule on its vehicle, when known', () => {
    expect(citationHref({ kind: 'maintenance_schedule', id: 5, label: 'Oil' }, { vehicleId: 7 })).toBe('/vehicles/7');
    expect(citationHref({ kind: 'maintenance_schedule', id: 5, label: 'Oil' })).toBeNull();
  });

  it('finds a part by its SKU and words a confidence', () => {
    expect(partHref('BP-100')).toBe('/inventory?q=BP-100');
    expect([0, 0.39, 0.4, 0.69, 0.7, 1].map(confidenceLevel)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });
});
