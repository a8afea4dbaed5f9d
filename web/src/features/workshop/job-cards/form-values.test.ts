import { describe, expect, it } from 'vitest';
import { ownPayloadOf, payloadOf, pricedLabour, pricedParts, valuesOf, type PartLineForm } from './form-values';
import type { JobCardDetail } from './model';

const card = {
  id: 7,
  jobNumber: 'JC-000007',
  customerId: 1,
  vehicleId: 2,
  serviceType: 'Brakes',
  description: null,
  status: 'in_progress',
  priority: 'medium',
  assignedTo: 3,
  estimatedCost: null,
  actualCost: null,
  scheduledDate: null,
  notes: null,
  parts: [{ id: 1, sparePartId: 10, name: 'Brake pads', sku: 'BP-1', quantity: 2, unitPrice: '30.00', total: '60.00' }],
  labour: [{ id: 1, description: 'Fit pads', hours: '1.50', rate: '60.10', total: '90.15' }],
} as unknown as JobCardDetail;

const picked = (sparePartId: number, listPrice: string): PartLineForm => ({
  sparePartId,
  name: '',
  sku: '',
  stock: 5,
  quantity: '1',
  unitPrice: listPrice,
  listPrice,
});

describe("a technician's job card form", () => {
  it('shows the prices the save will give: the card price for the same line, else the catalogue price and the labour rate', () => {
    const values = valuesOf(card, 'UTC');
    const pricing = { card, labourRate: '55.00' };
    const parts = pricedParts([...values.parts, picked(10, '35.25'), picked(11, '8.50')], pricing);
    expect(parts.map((l) => l.unitPrice)).toEqual(['30.00', '35.25', '8.50']);
    // The card's line removed and the part picked again: the card's price still applies.
    expect(pricedParts([picked(10, '35.25')], pricing).map((l) => l.unitPrice)).toEqual(['30.00']);
    const labour = pricedLabour([...values.labour, { description: 'Road test', hours: '1', rate: '' }], pricing);
    expect(labour.map((l) => l.rate)).toEqual(['60.10', '55.00']);
  });

  it('sends no prices for a technician, and the typed ones for staff', () => {
    const values = { ...valuesOf(card, 'UTC'), labour: [{ description: 'Fit pads', hours: '2', rate: '' }] };
    expect(ownPayloadOf(values)).toEqual({
      status: 'in_progress',
      notes: null,
      parts: [{ sparePartId: 10, quantity: 2 }],
      labour: [{ description: 'Fit pads', hours: 2 }],
    });
    const staff = payloadOf(values, 'UTC');
    expect(staff.parts).toEqual([{ sparePartId: 10, quantity: 2, unitPrice: '30.00' }]);
    // A blank rate is the workshop's labour rate on the server.
    expect(staff.labour).toEqual([{ description: 'Fit pads', hours: 2, rate: undefined }]);
  });
});
