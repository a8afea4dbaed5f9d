import { useMutation, useQueryClient, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { ApiError } from './api';

/**
 * What a change to each entity can show in: the resources of the cached reads to refresh. The
 * entities are those the server names in its live messages (`{ type: 'update', entity }`,
 * core/contracts/live.ts); a screen's own mutations refresh through the same map, so a change
 * refreshes the same reads in the browser that made it and in every other one.
 * A resource is the list's name under `/api/tenants/:id/<resource>` or the first segment after
 * `/api/` (`/api/dashboard/stats` is `dashboard`), and a sub-resource such as
 * `/api/vehicles/:id/maintenance-schedules` is also its own.
 */
export const ENTITY_READS = {
  // `analytics`: the owner's reports (/api/tenants/:id/analytics/:report) add up every kind of record.
  customers: ['customers', 'vehicles', 'job-cards', 'dashboard', 'analytics'],
  vehicles: ['vehicles', 'customers', 'job-cards', 'dashboard', 'analytics'],
  job_cards: ['job-cards', 'spare-parts', 'vehicles', 'customers', 'invoices', 'dashboard', 'analytics'],
  spare_parts: ['spare-parts', 'dashboard', 'analytics'],
  service_bookings: ['service-bookings', 'dashboard', 'schedule', 'analytics'],
  appointments: ['appointments', 'dashboard', 'schedule', 'analytics'],
  shifts: ['shifts', 'shift-assignments', 'schedule', 'analytics'],
  fleet: ['fleet', 'fleet-vehicles', 'service-reminders', 'dashboard', 'analytics'],
  maintenance: ['maintenance-schedules', 'service-reminders', 'fleet', 'fleet-vehicles', 'dashboard'],
  estimates: ['estimates', 'invoices', 'job-cards', 'dashboard', 'analytics'],
  invoices: ['invoices', 'estimates', 'job-cards', 'dashboard', 'analytics'],
  tasks: ['tasks', 'technicians', 'dashboard', 'activity', 'notifications', 'schedule', 'analytics'],
  technicians: ['technicians', 'tasks', 'dashboard', 'activity', 'skills', 'schedule', 'analytics'],
  attachments: ['attachments', 'technicians'],
  notifications: ['notifications'],
  users: ['users', 'technicians', 'shift-assignments'],
  settings: ['tenant', 'dashboard', 'analytics'],
  /** AI results (their records under /ai/...) and a vehicle's AI history (under its vehicle). */
  ai: ['ai', 'ai-history'],
} as const satisfies Record<string, readonly string[]>;

export type Entity = keyof typeof ENTITY_READS;

/** The reads never refreshed by a change of workshop data: the signed-in user and the session. */
const SESSION_RESOURCES = new Set(['user', 'auth']);

/** Reads that show every change of workshop data: the audit log and a record's history record them all. */
const EVERY_CHANGE_RESOURCES = new Set(['audit-log']);

/** The resources a cached read holds (see ENTITY_READS). */
export function resourcesOf(queryKey: QueryKey): string[] {
  const [root, id, sub, subSub, recordSub] = queryKey;
  if (typeof root !== 'string') return [];
  const first = root.replace(/^\/api\//, '').split('/')[0] ?? '';
  if (first === 'tenants' && typeof sub === 'string') {
    if (typeof subSub === 'string') return [sub, subSub];
    // A record's own sub-resource: /api/tenants/:id/vehicles/:id/ai-history.
    return typeof recordSub === 'string' ? [sub, recordSub] : [sub];
  }
  return typeof id !== 'string' && typeof sub === 'string' ? [first, sub] : [first];
}

export function isEntity(name: unknown): name is Entity {
  return typeof name === 'string' && Object.hasOwn(ENTITY_READS, name);
}

/** Whether a cached read shows data of one of `entities`; an unknown entity (or 'all') matches every workshop read. */
export function showsEntity(query: Pick<Query, 'queryKey'>, entities: readonly string[]): boolean {
  const resources = resourcesOf(query.queryKey);
  if (resources.some((resource) => SESSION_RESOURCES.has(resource))) return false;
  if (resources.some((resource) => EVERY_CHANGE_RESOURCES.has(resource))) return true;
  return entities.some(
    (entity) => !isEntity(entity) || resources.some((resource) => (ENTITY_READS[entity] as readonly string[]).includes(resource)),
  );
}

/** After a change of `entities`: refetch the reads that show them (active ones now, the others when next shown). */
export function refreshEntities(queryClient: QueryClient, ...entities: Entity[]) {
  return queryClient.invalidateQueries({ predicate: (query) => showsEntity(query, entities) });
}

/**
 * A mutation that refreshes what shows `entities` when it succeeds. `detail` puts the answer in
 * the cache under its own key first (the record's dialog shows it at once); `background` lets
 * the mutation settle without waiting for the refetch.
 */
export function useEntityMutation<TData, TVars>(
  entities: Entity | readonly Entity[],
  mutationFn: (vars: TVars) => Promise<TData>,
  options: { detail?: (data: TData) => QueryKey; background?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const list = typeof entities === 'string' ? [entities] : [...entities];
  return useMutation<TData, ApiError, TVars>({
    mutationFn,
    onSuccess: (data) => {
      if (options.detail) queryClient.setQueryData(options.detail(data), data);
      const refreshed = refreshEntities(queryClient, ...list);
      return options.background ? undefined : refreshed;
    },
  });
}
