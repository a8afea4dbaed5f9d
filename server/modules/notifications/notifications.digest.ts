import type { Db } from '../../db/client.ts';
import { DIGEST_HOUR, DIGEST_LAST_HOUR } from '../../../core/contracts/notifications.values.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { zonedDateTimeToUtc } from '../../../core/rules/time-zone.ts';
import type { Senders } from './senders.ts';
import * as repo from './notifications.repository.ts';

type Schedule = Awaited<ReturnType<typeof repo.digestSchedule>>;
type Attention = Awaited<ReturnType<typeof repo.digestAttention>>;

const lines = (heading: string, items: repo.DigestLine[]) =>
  items.length ? [`${heading} (${items.length}):`, ...items.map((i) => `  - ${i.when ? `${i.when} ` : ''}${i.label}`), ''] : [];

/** The digest's English text: the day's schedule of one person, and for managers what needs attention. */
export function digestText(input: {
  firstName: string | null;
  workshop: string;
  currency: string;
  day: string;
  schedule: Schedule;
  attention: Attention | null;
}): { subject: string; text: string } {
  const { schedule, attention } = input;
  const planned = [
    ...lines('Appointments', schedule.appointments),
    ...lines('Service bookings', schedule.bookings),
    ...lines('Tasks', schedule.tasks),
    ...lines('Job cards', schedule.jobCards),
  ];
  const needs: string[] = [];
  if (attention && attention.overdue.count > 0) {
    needs.push(`Overdue invoices: ${attention.overdue.count}, ${attention.overdue.balance} ${input.currency} owed.`);
  }
  if (attention && attention.lowStockCount > 0) {
    needs.push(`Parts low on stock (${attention.lowStockCount}):`);
    needs.push(...attention.lowStock.map((p) => `  - ${p.name} (${p.sku}): ${p.stockQuantity} left, minimum ${p.minimumStock}`));
  }
  const text = [
    `Good morning${input.firstName ? ` ${input.firstName}` : ''},`,
    '',
    `Your day at ${input.workshop} on ${input.day}:`,
    '',
    ...(planned.length ? planned : ['Nothing is scheduled for you today.', '']),
    ...(attention ? ['Needs attention:', ...(needs.length ? needs : ['Nothing: no overdue invoices and no parts low on stock.']), ''] : []),
    'You receive this digest because the daily digest is on in your notification preferences.',
  ].join('\n');
  return { subject: `Workbay daily digest: ${input.workshop}, ${input.day}`, text };
}

/**
 * Sends the digests due at `now`: to each user with the daily digest (and e-mail) on, once per
 * workshop day, from DIGEST_HOUR in the workshop's time zone (until DIGEST_LAST_HOUR, for a
 * server that was down at DIGEST_HOUR; later the day's schedule is no news). The claim row
 * (user, day) is inserted first with ON CONFLICT DO NOTHING: of several processes, or of runs
 * after a restart, only the one whose insert wins sends. A failed send is a failed delivery row
 * and is not retried, so no one gets two. Without an e-mail sender nothing is claimed.
 */
export async function runDueDigests(db: Db, senders: Senders, now: Date): Promise<number> {
  const send = senders.email;
  if (!send) return 0;
  let sent = 0;
  for (const c of await repo.digestCandidates(db, now, DIGEST_HOUR, DIGEST_LAST_HOUR)) {
    if (!(await repo.claimDigest(db, c.tenantId, c.userId, c.day))) continue;
    const [person] = await repo.recipientsByIds(db, c.tenantId, [c.userId]);
    if (!person?.email) continue;
    const start = zonedDateTimeToUtc(c.day, '00:00', c.timeZone);
    const end = zonedDateTimeToUtc(addDays(c.day, 1), '00:00', c.timeZone);
    const [schedule, workshop] = await Promise.all([
      repo.digestSchedule(db, c.tenantId, c.userId, c.day, start, end),
      repo.workshopName(db, c.tenantId),
    ]);
    const manager = person.role === 'admin' || person.role === 'manager';
    const attention = manager ? await repo.digestAttention(db, c.tenantId, c.day) : null;
    const { subject, text } = digestText({
      firstName: person.firstName,
      workshop: workshop.name,
      currency: workshop.currency,
      day: c.day,
      schedule,
      attention,
    });
    const id = await repo.insertNotification(db, {
      tenantId: c.tenantId,
      userId: c.userId,
      type: 'daily_digest',
      title: subject,
      message: text,
      details: { day: c.day },
      channel: 'email',
    });
    try {
      await send({ to: person.email, subject, text });
      await repo.setDelivery(db, c.tenantId, id, 'sent');
      sent++;
    } catch (err) {
      await repo.setDelivery(db, c.tenantId, id, 'failed', err instanceof Error ? err.message.slice(0, 500) : String(err));
    }
  }
  return sent;
}
