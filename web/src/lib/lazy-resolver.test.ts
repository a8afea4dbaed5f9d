import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ResolverOptions } from 'react-hook-form';
import { lazyZodResolver } from './lazy-resolver';

const schema = z
  .object({ password: z.string(), confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'mismatch', path: ['confirm'] });
type Values = z.infer<typeof schema>;
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<Values>;

describe('lazyZodResolver', () => {
  it('judges the values it was called with, not what the form holds by the time the schema has loaded', async () => {
    const resolver = lazyZodResolver<Values>(() => Promise.resolve(schema));
    const live = { password: 'brand-new-pass', confirm: 'something-else' };
    const first = resolver(live, undefined, options);
    live.confirm = 'brand-new-pass'; // typed while the first check was still loading
    const result = await first;
    expect(result.errors.confirm?.message).toBe('mismatch');
    expect(result.values).toEqual({});

    // Once loaded, the same holds across zod's asynchronous parse.
    live.confirm = 'other';
    const second = resolver(live, undefined, options);
    live.confirm = 'brand-new-pass';
    expect((await second).errors.confirm?.message).toBe('mismatch');
    expect((await resolver(live, undefined, options)).values).toEqual({ password: 'brand-new-pass', confirm: 'brand-new-pass' });
  });
});
