import { describe, expect, it } from 'vitest';
import { formatJobNumber, nextJobNumber } from './job-number.ts';
import { JOB_NUMBER_PATTERN } from '../contracts/job-cards.ts';

describe('job numbers', () => {
  it('formats JC- and six digits', () => {
    expect(formatJobNumber(1)).toBe('JC-000001');
    expect(JOB_NUMBER_PATTERN.test(formatJobNumber(123456))).toBe(true);
  });
  it('follows the highest number in use', () => {
    expect(nextJobNumber(null)).toBe('JC-000001');
    expect(nextJobNumber('JC-000041')).toBe('JC-000042');
    expect(nextJobNumber('JC-999999')).toBeNull();
  });
});
