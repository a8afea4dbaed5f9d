import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver for a zod schema from core/contracts that is loaded on first
 * validation: zod stays out of the JavaScript a page needs to show itself.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<unknown>): Resolver<T> {
  let resolver: Resolver<T> | undefined;
  return async (values, context, options) => {
    resolver ??= zodResolver((await load()) as Parameters<typeof zodResolver>[0]) as unknown as Resolver<T>;
    return resolver(values, context, options);
  };
}
