import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Live } from '../live/live.routes.ts';
import type { Preferences, PublicUser } from '../../../core/contracts/auth.ts';
import type { NotificationEntity, NotificationKind } from '../../../core/contracts/notifications.values.ts';
import { preferencesOf } from '../users/users.repository.ts';
import type { ConsentType } from '../../../core/contracts/data-rights.values.ts';
import type { Message, Sender, Senders } from './senders.ts';
import { englishText, type DetailsOf } from './notifications.texts.ts';
import { runDueDigests } from './notifications.digest.ts';
import * as repo from './notifications.repository.ts';
import * as messages from '../customer-messages/customer-messages.repository.ts';
import { serviceReminderText } from '../customer-messages/customer-messages.texts.ts';
import type { CustomerMessageChannel, CustomerMessageSkipReason } from '../../../core/contracts/customer-messages.values.ts';

type Actor = Pick<PublicUser, 'id' | 'tenantId'>;
type Channel = 'email' | 'push';
/** A service reminder's channels to the customer and the consent each needs. */
const REMINDER_CHANNELS: ReadonlyArray<{ channel: CustomerMessageChannel; consent: ConsentType }> = [
  { channel: 'email', consent: 'marketing_email' },
  { channel: 'sms', consent: 'marketing_sms' },
];

const ASSIGNMENTS: readonly NotificationKind[] = ['task_assigned', 'job_card_assigned', 'booking_assigned', 'appointment_assigned'];
const UPDATES: readonly NotificationKind[] = ['task_updated', 'job_card_status', 'booking_updated', 'appointment_updated'];

/**
 * The channels besides in-app (always) a kind goes out on for someone with these preferences:
 * e-mail only with e-mail notifications on, push only with push on, and either only when the
 * kind's own switch allows it (task assignments for assignments, task updates for changes).
 */
export function channelsFor(kind: NotificationKind, prefs: Preferences): Channel[] {
  const allowed = ASSIGNMENTS.includes(kind) ? prefs.taskAssignments : UPDATES.includes(kind) ? prefs.taskUpdates : true;
  if (!allowed) return [];
  return [...(prefs.emailNotifications ? (['email'] as const) : []), ...(prefs.pushNotifications ? (['push'] as const) : [])];
}

export type WatchedEntity = repo.WatchedEntity;
const ASSIGNED: Record<WatchedEntity, NotificationKind> = {
  task: 'task_assigned',
  job_card: 'job_card_assigned',
  booking: 'booking_assigned',
  appointment: 'appointment_assigned',
};
const UPDATED: Record<WatchedEntity, NotificationKind> = {
  task: 'task_updated',
  job_card: 'job_card_status',
  booking: 'booking_updated',
  appointment: 'appointment_updated',
};

/** How often the server looks for due digests, overdue invoices and due service reminders. */
export const SCHEDULE_INTERVAL_MS = 60_000;
/** The first look after the server starts (it answers requests first). */
export const FIRST_CHECK_AFTER_MS = 15_000;
export type ScheduleOptions = { firstAfterMs?: number; everyMs?: number };

export type Notifier = ReturnType<typeof createNotifier>;

/**
 * Tells people of what concerns them. Each event writes the in-app notifications of its
 * recipients (never the person who acted) once the change is committed, then sends the e-mails
 * (and pushes) in the background, each a delivery row of its own (sent, or failed with the
 * reason): a slow or broken mail server never fails or holds up the request. Nothing here
 * throws into its caller: a failure is logged.
 */
export function createNotifier({ db, senders, live, log }: { db: Db; senders: Senders; live: Live; log: FastifyBaseLogger }) {
  const inFlight = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  const track = (work: Promise<void>, what = 'delivery') => {
    const p = work.catch((err) => log.error({ err }, `notifications: ${what} failed`)).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const safely = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      log.error({ err }, `notifications: ${what} failed`);
    }
  };

  /** Hands a message to its sender; `record` writes what became of it: sent, or failed with the sender's answer. */
  async function handOver(sender: Sender, message: Message, record: (status: 'sent' | 'failed', reason?: string) => Promise<void>) {
    try {
      await sender(message);
      await record('sent');
    } catch (err) {
      await record('failed', err instanceof Error ? err.message.slice(0, 500) : String(err));
    }
  }

  const send = (tenantId: number, id: number, channel: Channel, to: string, subject: string, text: string) =>
    handOver(senders[channel]!, { to, subject, text }, (status, reason) => repo.setDelivery(db, tenantId, id, status, reason));

  /** One notification of a kind to each of `userIds` but the actor, in-app and on the channels their preferences allow. */
  async function deliver<K extends NotificationKind>(
    tenantId: number,
    actorId: number | null,
    userIds: Array<number | null>,
    kind: K,
    details: DetailsOf<K>,
    entity: { type: NotificationEntity; id: number },
  ) {
    const ids = [...new Set(userIds.filter((id): id is number => id !== null && id !== actorId))];
    const people = await repo.recipientsByIds(db, tenantId, ids);
    if (people.length === 0) return;
    const { title, message } = englishText(kind, details);
    const base = {
      tenantId,
      type: kind,
      title,
      message,
      details,
      entityType: entity.type,
      entityId: entity.id,
      taskId: entity.type === 'task' ? entity.id : null,
    };
    await repo.insertNotifications(
      db,
      people.map((p) => ({ ...base, userId: p.id, channel: 'in_app', status: 'sent', sentAt: new Date() })),
    );
    const outgoing: Array<{ userId: number; channel: Channel; to: string }> = [];
    const preferences = await preferencesOf(
      db,
      people.map((p) => p.id),
    );
    for (const person of people) {
      for (const channel of channelsFor(kind, preferences.get(person.id)!)) {
        if (!senders[channel]) continue;
        const to = channel === 'email' ? person.email : `user:${person.id}`;
        if (to) outgoing.push({ userId: person.id, channel, to });
      }
    }
    const rows = await repo.insertNotifications(
      db,
      outgoing.map((o) => ({ ...base, userId: o.userId, channel: o.channel })),
    );
    await live.publish(tenantId, { type: 'update', entity: 'notifications' });
    outgoing.forEach((o, i) => track(send(tenantId, rows[i], o.channel, o.to, title, message)));
  }

  /**
   * A service reminder told to the vehicle's owner, in their language: by e-mail only if their
   * choice in force for marketing e-mail is yes, by SMS only if it is yes for marketing SMS (never
   * asked is no), each when the workshop has that channel and the customer an address for it.
   * Each channel is a row of customer_messages, sent or skipped with the reason, so the desk sees
   * what went out. Answers how many were handed to a sender.
   */
  async function remindCustomer(r: Awaited<ReturnType<typeof repo.claimDueReminders>>[number]): Promise<number> {
    const { customer } = r;
    const language = customer.preferredLanguage;
    const { subject, body } = serviceReminderText(language, {
      firstName: customer.firstName,
      vehicle: r.vehicleName,
      plate: r.plateNumber,
      service: r.serviceName,
      workshop: customer.workshop,
    });
    const planned = REMINDER_CHANNELS.map(({ channel, consent }) => {
      const to = (channel === 'email' ? customer.email : customer.phone) || null;
      const skipped: CustomerMessageSkipReason | null = !senders[channel]
        ? 'no_channel'
        : !customer.consents[consent]
          ? 'no_consent'
          : !to
            ? 'no_address'
            : null;
      return { channel, to, skipped };
    });
    const ids = await messages.insertMessages(
      db,
      planned.map(({ channel, to, skipped }) => ({
        tenantId: r.tenantId,
        customerId: customer.id,
        vehicleId: r.vehicleId,
        kind: 'service_reminder',
        channel,
        recipient: to,
        language,
        subject,
        body,
        status: skipped ? 'skipped' : 'pending',
        reason: skipped,
      })),
    );
    let handed = 0;
    planned.forEach(({ channel, to, skipped }, i) => {
      if (skipped || !to) return;
      const record = (status: 'sent' | 'failed', reason?: string) => messages.setDelivery(db, r.tenantId, ids[i], status, reason);
      track(handOver(senders[channel]!, { to, subject, text: body }, record), `customer reminder by ${channel}`);
      handed++;
    });
    return handed;
  }

  /** A watched record after a change (`before` null: it was created): its assignee hears of an assignment or a change. */
  async function announce(actor: Actor, entity: WatchedEntity, id: number, before: repo.Snapshot | null) {
    const after = await repo.snapshot(db, entity, actor.tenantId, id);
    if (!after?.userId) return;
    const newlyAssigned = before === null || before.userId !== after.userId;
    const changed = entity === 'job_card' ? before?.status !== after.status : before?.fingerprint !== after.fingerprint;
    if (!newlyAssigned && !changed) return;
    const kind = newlyAssigned ? ASSIGNED[entity] : UPDATED[entity];
    await deliver(actor.tenantId, actor.id, [after.userId], kind, after.details as never, { type: entity, id });
  }

  return {
    /**
     * Runs a change of a task, job card, booking or appointment and tells its assignee what it
     * did: assigned to them, or changed (for a job card, its status). The change's own result and
     * errors pass through untouched.
     */
    async watch<T>(actor: Actor, entity: WatchedEntity, id: number, change: () => Promise<T>): Promise<T> {
      let before: repo.Snapshot | null = null;
      await safely('reading a record', async () => void (before = await repo.snapshot(db, entity, actor.tenantId, id)));
      const result = await change();
      if (before) await safely(`${entity} change`, () => announce(actor, entity, id, before));
      return result;
    },

    /** A record created (or assigned in bulk): its assignee, if any, hears of it. */
    async created(actor: Actor, entity: WatchedEntity, id: number) {
      await safely(`${entity} created`, () => announce(actor, entity, id, null));
    },

    /** Stock moved in a workshop: managers and admins hear once of each part that went low, until it is restocked. */
    async stockChanged(actor: Actor) {
      await safely('low stock check', async () => {
        const parts = await repo.claimLowStock(db, actor.tenantId);
        if (parts.length === 0) return;
        const managers = await repo.managerIds(db, actor.tenantId);
        for (const { id, ...details } of parts) {
          await deliver(actor.tenantId, actor.id, managers, 'low_stock', details, { type: 'spare_part', id });
        }
      });
    },

    /** A payment on an invoice: the workshop's managers and admins hear of it. */
    async paymentRecorded(actor: Actor, invoiceId: number, amount: string | number) {
      await safely('payment', async () => {
        const invoiceNumber = await repo.invoiceNumber(db, actor.tenantId, invoiceId);
        if (!invoiceNumber) return;
        const details = { invoiceNumber, amount: Number(amount).toFixed(2) };
        await deliver(actor.tenantId, actor.id, await repo.managerIds(db, actor.tenantId), 'payment_recorded', details, {
          type: 'invoice',
          id: invoiceId,
        });
      });
    },

    /**
     * What the calendar brings at `now`: service reminders that came due (to the vehicle's owner
     * too, as their consents allow), invoices that became
     * overdue (told to managers and admins once each), and the daily digests due. Every app
     * process may run it at once: each item is claimed in the database, and only the claimer
     * sends. The server runs it every minute; tests call it with their own clock.
     */
    async runDue(now = new Date()) {
      let events = 0;
      let customerMessages = 0;
      const reminded = new Set<number>();
      // A workshop's managers and admins, read once a run however many of its reminders come due.
      const managersOf = new Map<number, Promise<number[]>>();
      const managers = (tenantId: number) => {
        if (!managersOf.has(tenantId)) managersOf.set(tenantId, repo.managerIds(db, tenantId));
        return managersOf.get(tenantId)!;
      };
      for (const r of await repo.claimDueReminders(db)) {
        const details = { reminderTitle: r.reminderTitle, vehicleName: r.vehicleName, plateNumber: r.plateNumber };
        await deliver(r.tenantId, null, await managers(r.tenantId), 'service_reminder_due', details, {
          type: 'vehicle',
          id: r.vehicleId,
        });
        await safely('customer reminder', async () => {
          customerMessages += await remindCustomer(r);
          reminded.add(r.tenantId);
        });
        events++;
      }
      // The customers' pages hear once a workshop that messages were written, not once a reminder.
      for (const tenantId of reminded) await live.publish(tenantId, { type: 'update', entity: 'customers' });
      for (const { tenantId, id, ...details } of await repo.claimOverdueInvoices(db, now)) {
        await deliver(tenantId, null, await managers(tenantId), 'invoice_overdue', details, { type: 'invoice', id });
        events++;
      }
      const digests = await runDueDigests(db, senders, now);
      return { events, digests, customerMessages };
    },

    /** Resolves once every delivery started so far is done (tests; shutdown). */
    async settled() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },

    /**
     * The minute timer of the server process (main.ts); `stop` ends it and waits for what it
     * started. The first check waits `firstAfterMs`, so a starting server answers first.
     */
    start({ firstAfterMs = FIRST_CHECK_AFTER_MS, everyMs = SCHEDULE_INTERVAL_MS } = {}) {
      let running = false;
      const tick = () => {
        if (running) return;
        running = true;
        track(
          this.runDue(new Date())
            .then(() => undefined)
            .finally(() => (running = false)),
          'scheduled check',
        );
      };
      timer = setTimeout(() => {
        tick();
        timer = setInterval(tick, everyMs);
        timer.unref();
      }, firstAfterMs);
      timer.unref();
    },
    async stop() {
      clearTimeout(timer);
      clearInterval(timer);
      timer = undefined;
      await this.settled();
    },
  };
}
