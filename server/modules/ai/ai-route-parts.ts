import { z } from '../../../core/zod.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { ANY_ROLE, type Access } from '../../plugins/access.ts';

/** What the AI modules' routes share: their OpenAPI tag and the path of one stored record. */
export const tags = ['ai'];
export const recordParams = tenantParams.extend({ id: z.coerce.number().int().positive() });

/** A route on one stored AI record that takes no body (read, dismiss, acknowledge...): the record (or result) back. */
export function onRecord<T extends z.ZodType>(response: T, access: Access = ANY_ROLE) {
  return { config: { access, feature: 'ai_assistant' as const }, schema: { tags, params: recordParams, response: { 200: response } } };
}

/** A route on one stored AI record that takes a body (apply, book, schedule). */
export function onRecordWith<B extends z.ZodType, T extends z.ZodType>(body: B, response: T, access: Access = ANY_ROLE) {
  return {
    config: { access, feature: 'ai_assistant' as const },
    schema: { tags, params: recordParams, body, response: { 200: response } },
  };
}
