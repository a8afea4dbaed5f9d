import { describe, expect, it } from 'vitest';
import { decodeVin, normalizeVin, vinCheckDigit, vinCountry, vinManufacturer, vinModelYear, vinProblem, VIN_MESSAGES } from './vin.ts';
import { vehicleInput } from '../contracts/vehicles.ts';

const NOW = new Date('2026-06-15T12:00:00Z');

describe('VIN check digit', () => {
  it('computes position 9 with the standard transliteration and weights', () => {
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3');
    // The classic example whose remainder is 10, written X.
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(vinCheckDigit('11111111111111111')).toBe('1');
  });

  it('is enforced for North-American VINs only', () => {
    expect(vinProblem('1HGCM82633A004352')).toBeNull();
    expect(vinProblem('1HGCM82643A004352')).toBe(VIN_MESSAGES.checkDigit);
    expect(vinProblem('1M8GDM9A1KP042788')).toBe(VIN_MESSAGES.checkDigit);
    // European makers put a filler there: reported, not refused.
    expect(vinProblem('WVWZZZ1JZXW000001')).toBeNull();
    expect(decodeVin('WVWZZZ1JZXW000001', NOW)).toMatchObject({ valid: true, checkDigitValid: false });
    expect(decodeVin('1HGCM82633A004352', NOW).checkDigitValid).toBe(true);
  });
});

describe('VIN characters and length', () => {
  it('refuses I, O and Q and anything but letters and digits in a 17-character VIN', () => {
    expect(vinProblem('1HGCM82633A00435O')).toBe(VIN_MESSAGES.forbiddenLetters);
    expect(vinProblem('IHGCM82633A004352')).toBe(VIN_MESSAGES.forbiddenLetters);
    expect(vinProblem('QHGCM82633A004352')).toBe(VIN_MESSAGES.forbiddenLetters);
    expect(vinProblem('1HGCM82633A00435-')).toBe(VIN_MESSAGES.characters);
  });

  it('is compared upper-cased and trimmed', () => {
    expect(normalizeVin('  1hgcm82633a004352 ')).toBe('1HGCM82633A004352');
    expect(decodeVin(' 1hgcm82633a004352', NOW)).toMatchObject({ vin: '1HGCM82633A004352', valid: true, manufacturer: 'Honda' });
  });

  it('accepts a shorter, pre-1981 number as given without decoding it', () => {
    expect(vinProblem('FA12345')).toBeNull();
    expect(decodeVin('ws9876543', NOW)).toEqual({
      vin: 'WS9876543',
      valid: true,
      error: null,
      checkDigitValid: null,
      manufacturer: null,
      country: null,
      region: null,
      modelYear: null,
    });
    expect(decodeVin('', NOW)).toMatchObject({ valid: false, error: 'VIN is required' });
    expect(decodeVin('1HGCM82633A0043521', NOW)).toMatchObject({ valid: false, error: 'VIN must be at most 17 characters' });
  });
});

describe('VIN decoding', () => {
  it('decodes a 2003 Honda built in the United States', () => {
    expect(decodeVin('1HGCM82633A004352', NOW)).toEqual({
      vin: '1HGCM82633A004352',
      valid: true,
      error: null,
      checkDigitValid: true,
      manufacturer: 'Honda',
      country: 'United States',
      region: 'North America',
      modelYear: 2003,
    });
  });

  it('decodes a Volkswagen from Germany', () => {
    expect(decodeVin('WVWZZZ1JZXW000001', NOW)).toMatchObject({
      valid: true,
      manufacturer: 'Volkswagen',
      country: 'Germany',
      region: 'Europe',
      modelYear: 1999,
    });
  });

  it('decodes a 2019 Tesla, and refuses the same VIN with a wrong check digit', () => {
    expect(decodeVin('5YJ3E1EA2KF317000', NOW)).toMatchObject({
      valid: true,
      manufacturer: 'Tesla',
      country: 'United States',
      modelYear: 2019,
    });
    // Position 9 of this one should be 2, not 7.
    expect(decodeVin('5YJ3E1EA7KF317000', NOW)).toMatchObject({
      valid: false,
      error: 'VIN check digit does not match',
      checkDigitValid: false,
      manufacturer: 'Tesla',
      modelYear: 2019,
    });
  });

  it('names the maker of common WMIs and leaves others null', () => {
    expect(vinManufacturer('JTDKB20U093000000')).toBe('Toyota');
    expect(vinManufacturer('WAUZZZ8V0KA000000')).toBe('Audi');
    expect(vinManufacturer('WBA3A5C51CF256985')).toBe('BMW');
    expect(vinManufacturer('WDD2050041R000000')).toBe('Mercedes-Benz');
    expect(vinManufacturer('KMHD84LF5HU000000')).toBe('Hyundai');
    expect(vinManufacturer('KNDJP3A57H7000000')).toBe('Kia');
    expect(vinManufacturer('JN1AZ4EH0DM000000')).toBe('Nissan');
    expect(vinManufacturer('1FTFW1ET5DF000000')).toBe('Ford');
    expect(vinManufacturer('1G1ZD5ST0JF000000')).toBe('Chevrolet');
    expect(vinManufacturer('JF2SJAEC0FH000000')).toBe('Subaru');
    expect(vinManufacturer('JM1BL1V70D1000000')).toBe('Mazda');
    expect(vinManufacturer('YV1MS382X62000000')).toBe('Volvo');
    expect(vinManufacturer('VF1RFB00X56000000')).toBe('Renault');
    expect(vinManufacturer('VF3LCYHZPHS000000')).toBe('Peugeot');
    expect(vinManufacturer('ZFA31200000000000')).toBe('Fiat');
    expect(vinManufacturer('TMBJJ7NE0J0000000')).toBe('Škoda');
    expect(vinManufacturer('VSSZZZ5FZJR000000')).toBe('SEAT');
    expect(vinManufacturer('WP0ZZZ99ZJS000000')).toBe('Porsche');
    expect(vinManufacturer('SALGA2EF0GA000000')).toBe('Land Rover');
    expect(vinManufacturer('SAJAA4BN0HA000000')).toBe('Jaguar');
    expect(vinManufacturer('JTHBK1GG0E2000000')).toBe('Lexus');
    expect(vinManufacturer('1M8GDM9AXKP042788')).toBeNull();
  });

  it('finds the country from the first two characters (ISO 3780 ranges)', () => {
    expect(vinCountry('2T1BURHE0JC123456')).toBe('Canada');
    expect(vinCountry('3VWFE21C04M000000')).toBe('Mexico');
    expect(vinCountry('JHMCM56557C404453')).toBe('Japan');
    expect(vinCountry('KMHD84LF5HU000000')).toBe('South Korea');
    expect(vinCountry('SALGA2EF0GA000000')).toBe('United Kingdom');
    expect(vinCountry('SUUAB000000000000')).toBe('Poland');
    expect(vinCountry('TMBJJ7NE0J0000000')).toBe('Czech Republic');
    expect(vinCountry('VF1RFB00X56000000')).toBe('France');
    expect(vinCountry('VSSZZZ5FZJR000000')).toBe('Spain');
    expect(vinCountry('ZFA31200000000000')).toBe('Italy');
    expect(vinCountry('YV1MS382X62000000')).toBe('Sweden');
    expect(vinCountry('9BWZZZ377VT000000')).toBe('Brazil');
    expect(vinCountry('7SAYGDEE0NF000000')).toBe('United States');
    expect(decodeVin('JHMCM56557C404453', NOW)).toMatchObject({ region: 'Asia', modelYear: 2007 });
  });

  it('reads the model year in the right 30-year cycle', () => {
    // North America: a letter at position 7 means 2010 or later.
    expect(vinModelYear('5YJ3E1EA2KF317000', NOW)).toBe(2019);
    expect(vinModelYear('1M8GDM9AXKP042788', NOW)).toBe(1989);
    expect(vinModelYear('1HGCM82633A004352', NOW)).toBe(2003);
    // A letter at position 7 but a year after next year: the cycle before.
    expect(vinModelYear('1HGCM8A6391004352', NOW)).toBe(2009);
    // Elsewhere: the latest year of the cycle not after next year.
    expect(vinModelYear('WVWZZZ1JZXW000001', NOW)).toBe(1999);
    expect(vinModelYear('WVWZZZ1JZRW000001', NOW)).toBe(2024);
    expect(vinModelYear('WVWZZZ1JZYW000001', NOW)).toBe(2000);
    expect(vinModelYear('WVWZZZ1JZYW000001', new Date('2029-03-01T00:00:00Z'))).toBe(2030);
    // 0, U, Z and the forbidden letters are no year code.
    expect(vinModelYear('WVWZZZ1JZ0W000001', NOW)).toBeNull();
    expect(vinModelYear('WVWZZZ1JZUW000001', NOW)).toBeNull();
  });
});

describe('the vehicle contract', () => {
  const base = { customerId: 1, make: 'Honda', model: 'Accord', year: 2003, plateNumber: 'ABC-123' };
  const vinIssues = (vin: unknown) => {
    const result = vehicleInput.safeParse({ ...base, vin });
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('stores the VIN upper-cased and trimmed; empty means none', () => {
    expect(vehicleInput.parse({ ...base, vin: ' 1hgcm82633a004352 ' }).vin).toBe('1HGCM82633A004352');
    expect(vehicleInput.parse({ ...base, vin: '' }).vin).toBeNull();
    expect(vehicleInput.parse({ ...base, vin: 'fa12345' }).vin).toBe('FA12345');
    expect(vehicleInput.parse(base).vin).toBeUndefined();
  });

  it('checks 17-character VINs with the messages the forms show', () => {
    expect(vinIssues('1HGCM82633A004352')).toEqual([]);
    expect(vinIssues('1HGCM82633A00435O')).toEqual(['VIN must not contain I, O or Q']);
    expect(vinIssues('1HGCM82643A004352')).toEqual(['VIN check digit does not match']);
    expect(vinIssues('WVWZZZ1JZXW000001')).toEqual([]);
    expect(vinIssues('1HGCM82633A0043521')).toEqual(['Must be at most 17 characters']);
  });
});
