import { describe, expect, it } from 'vitest';
import { isNewRequested } from './use-new-param';

describe('isNewRequested', () => {
  it('is true for new=1 only', () => {
    expect(isNewRequested('new=1')).toBe(true);
    expect(isNewRequested('?new=1')).toBe(true);
    expect(isNewRequested('q=Layla&new=1')).toBe(true);
    expect(isNewRequested('')).toBe(false);
    expect(isNewRequested('new=0')).toBe(false);
    expect(isNewRequested('new=')).toBe(false);
    expect(isNewRequested('q=new%3D1')).toBe(false);
  });
});
