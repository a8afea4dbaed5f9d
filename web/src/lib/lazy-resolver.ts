import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver for a zod schema from core/contracts that is loaded on first
 * validation: zod stays out of the JavaScript a page needs to show itself.
 *
 * react-hook-form hands a resolver its live values object. Validation here is asynchronous (the
 * schema's module is imported, zod parses asynchronously), so the values are copied before the
 * first await: a submit is judged on what the form held when it was clicked, not on what was
 * typed while it was being checked (a mismatched confirmation fixed a moment later must not turn
 * the earlier click into a valid submit).
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<unknown>): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    const snapshot = structuredClone(values);
    resolver ??= zodResolver((await load()) as Parameters<typeof zodResolver>[0]) as unknown as Resolver<T>;
    return resolver(snapshot, context, options);
  };
}
