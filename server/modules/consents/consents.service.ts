import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { ConsentsInput, CustomerConsents, ConsentRecord } from '../../../core/contracts/data-rights.ts';
import { CONSENT_TYPES, CONSENT_VERSION } from '../../../core/contracts/data-rights.values.ts';
import { currentActor } from '../../db/statement-actor.ts';
import { findCustomer } from '../customers/customers.repository.ts';
import { customerNotFound, lockLiveCustomer } from '../customers/customers.service.ts';
import * as repo from './consents.repository.ts';

/** The choice in force per type (the latest row) and the whole history. */
function shape(history: ConsentRecord[]): CustomerConsents {
  const latest = (type: (typeof CONSENT_TYPES)[number]) => history.find((r) => r.consentType === type) ?? null;
  return { current: { marketing_email: latest('marketing_email'), marketing_sms: latest('marketing_sms') }, history };
}

export async function getConsents(db: Db, tenantId: number, customerId: number): Promise<CustomerConsents> {
  if (!(await findCustomer(db, tenantId, customerId))) throw customerNotFound();
  return shape(await repo.listConsents(db, tenantId, customerId));
}

/**
 * Records the customer's choices: one new row per type whose choice changed (a type left out, or
 * sent as it already is, adds nothing), under the current consent text's version, with the
 * source, the staff member and their browser's address. The customer row is locked (`for no key
 * update`): two changes at once take turns, so the second compares with what the first recorded
 * (never the same choice twice), and an erasure running at the same time waits, then the change
 * finds the customer erased (409).
 */
export async function setConsents(db: Db, actor: PublicUser, customerId: number, input: ConsentsInput): Promise<CustomerConsents> {
  return db.transaction(async (tx) => {
    await lockLiveCustomer(tx, actor.tenantId, customerId, 'no key update');
    const before = shape(await repo.listConsents(tx, actor.tenantId, customerId)).current;
    const request = currentActor();
    const rows = CONSENT_TYPES.flatMap((type) => {
      const given = input[type];
      if (given === undefined || before[type]?.consentGiven === given) return [];
      return [
        {
          tenantId: actor.tenantId,
          customerId,
          consentType: type,
          consentGiven: given,
          consentVersion: CONSENT_VERSION,
          source: input.source,
          ipAddress: request?.ip?.slice(0, 64) ?? null,
          userAgent: request?.userAgent?.slice(0, 300) ?? null,
          metadata: input.note ? { note: input.note } : {},
          recordedBy: actor.id,
        },
      ];
    });
    await repo.insertConsents(tx, rows);
    return shape(await repo.listConsents(tx, actor.tenantId, customerId));
  });
}
