import { describe, expect, it } from 'vitest';
import { decodeVin } from '@core/rules/vin.ts';
import { vinCountryLabel } from './vin-country';

describe('VIN country label', () => {
  it('reads the decoded country in Arabic, and leaves English and unknown names as they are', () => {
    const { country } = decodeVin('1HGCM82633A004352');
    expect(vinCountryLabel(country, 'en')).toBe('United States');
    expect(vinCountryLabel(country, 'ar')).toBe(new Intl.DisplayNames(['ar'], { type: 'region' }).of('US'));
    expect(vinCountryLabel(country, 'ar')).not.toBe('United States');
    expect(vinCountryLabel('Atlantis', 'ar')).toBe('Atlantis');
    expect(vinCountryLabel(null, 'ar')).toBeNull();
  });
});
