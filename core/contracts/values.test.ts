import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('contract value files', () => {
  it('import no code (the web reads them without zod)', () => {
    const dir = new URL('./', import.meta.url);
    const files = readdirSync(dir).filter((name) => name.endsWith('.values.ts'));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const imports = readFileSync(new URL(file, dir), 'utf8').match(/^import (?!type ).*$/gm) ?? [];
      expect(imports, file).toEqual([]);
    }
  });
});
