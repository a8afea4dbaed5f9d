import { describe, expect, it } from 'vitest';
import type { TFunction } from '@/lib/translator';
import { reasonText } from './reasons';

// A stand-in for the translator's t: the key with its values, so the mapping is what is checked.
const t = ((key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('stock move reasons', () => {
  it("translates the server's own wording", () => {
    expect(reasonText('Part created', t)).toBe('inventory:history.reasons.created');
    expect(reasonText('Stock received', t)).toBe('inventory:history.reasons.received');
    expect(reasonText('Job card JC-000012 completed', t)).toBe('inventory:history.reasons.jobCompleted {"jobNumber":"JC-000012"}');
    expect(reasonText('Job card JC-000012 moved back to in progress', t)).toBe(
      'inventory:history.reasons.jobReopened {"jobNumber":"JC-000012","status":"inventory:history.jobStatus.in_progress"}',
    );
  });

  it('keeps what a person typed', () => {
    expect(reasonText('Supplier delivery 1042', t)).toBe('Supplier delivery 1042');
    expect(reasonText('Job card JC-12 completed', t)).toBe('Job card JC-12 completed');
  });
});
