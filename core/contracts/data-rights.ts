import { z } from '../zod.ts';
import { CONSENT_SOURCES, CONSENT_TYPES, DATA_REQUEST_STATUSES, DATA_REQUEST_TYPES } from './data-rights.values.ts';

export { CONSENT_SOURCES, CONSENT_TYPES, DATA_REQUEST_STATUSES, DATA_REQUEST_TYPES };

/** One recorded choice of a customer: the latest of each type is the one in force. */
export const consentRecord = z.object({
  id: z.number().int(),
  consentType: z.enum(CONSENT_TYPES),
  consentGiven: z.boolean(),
  consentVersion: z.string(),
  source: z.enum(CONSENT_SOURCES),
  recordedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ConsentRecord = z.infer<typeof consentRecord>;

/** A customer's consents: the one in force per type (null: never asked, which counts as no) and the history, newest first. */
export const customerConsents = z.object({
  current: z.object({ marketing_email: consentRecord.nullable(), marketing_sms: consentRecord.nullable() }),
  history: z.array(consentRecord),
});
export type CustomerConsents = z.infer<typeof customerConsents>;

/** A change of one or both choices; a type left out stays as it is, one sent unchanged adds no row. */
export const consentsInput = z
  .object({
    marketing_email: z.boolean().optional(),
    marketing_sms: z.boolean().optional(),
    source: z.enum(CONSENT_SOURCES),
    /** Free words about how the choice was made (kept in the record's metadata). */
    note: z.string().trim().max(500).optional(),
  })
  .strict();
export type ConsentsInput = z.infer<typeof consentsInput>;

export const dataRequest = z.object({
  id: z.number().int(),
  customerId: z.number().int().nullable(),
  requestType: z.enum(DATA_REQUEST_TYPES),
  status: z.enum(DATA_REQUEST_STATUSES),
  handledBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Why an erasure was asked for. */
  reason: z.string().nullable(),
  /** An export's file name. */
  file: z.string().nullable(),
  /** How many records of each kind were exported or erased (a plain list: its answer is compiled, not written by zod). */
  counts: z.array(z.object({ kind: z.string(), count: z.number().int() })),
  /** A failed request's error code. */
  error: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type DataRequest = z.infer<typeof dataRequest>;

/**
 * An erasure: the customer's full name typed again ("First Last", spaces and case aside), so an
 * admin cannot erase the wrong customer by a slip, and why (kept with the request).
 */
export const eraseInput = z
  .object({
    confirm: z.string().max(300),
    reason: z.string().trim().max(500).optional(),
  })
  .strict();
export type EraseInput = z.infer<typeof eraseInput>;

export const eraseResult = z.object({ requestId: z.number().int(), counts: dataRequest.shape.counts });
export type EraseResult = z.infer<typeof eraseResult>;
