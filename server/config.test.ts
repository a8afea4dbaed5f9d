import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('ALLOWED_HOSTS', () => {
  it('is unset by default, so the app picks its defaults', () => {
    expect(readConfig({}).allowedHosts).toBeUndefined();
    expect(readConfig({ ALLOWED_HOSTS: '' }).allowedHosts).toBeUndefined();
  });

  it('reads * or host names separated by commas (case, spaces and a trailing dot do not matter)', () => {
    expect(readConfig({ ALLOWED_HOSTS: '*' }).allowedHosts).toBe('*');
    expect(readConfig({ ALLOWED_HOSTS: 'workbay.example.com,desk.garage.lan' }).allowedHosts).toEqual([
      'workbay.example.com',
      'desk.garage.lan',
    ]);
    expect(readConfig({ ALLOWED_HOSTS: ' Workbay.Example.com. , desk.garage.lan,' }).allowedHosts).toEqual([
      'workbay.example.com',
      'desk.garage.lan',
    ]);
    expect(readConfig({ ALLOWED_HOSTS: '10.0.0.5,[::1]' }).allowedHosts).toEqual(['10.0.0.5', '::1']);
  });

  it('refuses anything else with one line that says how to write it', () => {
    for (const value of [
      'https://workbay.example.com',
      'workbay.example.com:8443',
      'workbay.example.com/app',
      '*,workbay.example.com',
      ',',
      'bad name.example',
      '*.example.com',
    ]) {
      expect(() => readConfig({ ALLOWED_HOSTS: value }), value).toThrow(
        new ConfigError(
          'invalid configuration: ALLOWED_HOSTS: ALLOWED_HOSTS must be * or host names separated by commas, without scheme, port or path (e.g. workbay.example.com,desk.garage.lan)',
        ),
      );
    }
  });
});
