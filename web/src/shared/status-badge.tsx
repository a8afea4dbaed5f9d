import type { ReactNode } from 'react';
import { Badge, type BadgeVariant } from '@/components/ui/badge';

/**
 * One colour per status and priority, the same on every screen (PRODUCT.md "Look and feel"):
 * the semantic badge variant of each value of each kind.
 */
export const STATUS_VARIANTS = {
  task: { pending: 'outline', assigned: 'info', in_progress: 'primary', completed: 'success', cancelled: 'neutral' },
  priority: { low: 'neutral', medium: 'info', high: 'warning', urgent: 'destructive' },
  technician: { active: 'success', inactive: 'neutral', on_leave: 'warning' },
  jobCard: { pending: 'outline', in_progress: 'primary', completed: 'success', cancelled: 'neutral' },
  vehicle: { active: 'success', in_service: 'info', inactive: 'neutral' },
  estimate: { draft: 'outline', sent: 'info', approved: 'success', rejected: 'destructive', expired: 'neutral' },
  invoice: { draft: 'outline', sent: 'info', partially_paid: 'warning', paid: 'success', overdue: 'destructive', cancelled: 'neutral' },
  booking: { scheduled: 'info', confirmed: 'primary', in_progress: 'warning', completed: 'success', cancelled: 'destructive' },
  appointment: {
    pending: 'neutral',
    confirmed: 'primary',
    in_progress: 'warning',
    completed: 'success',
    cancelled: 'destructive',
    no_show: 'outline',
  },
  fleet: { active: 'success', maintenance: 'warning', out_of_service: 'destructive' },
  assignment: { scheduled: 'info', checked_in: 'primary', checked_out: 'success', absent: 'destructive' },
  message: { pending: 'outline', sent: 'success', failed: 'destructive', skipped: 'neutral' },
} as const satisfies Record<string, Record<string, BadgeVariant>>;

export type StatusKind = keyof typeof STATUS_VARIANTS;

/** A status (or priority, with `data-priority`) as a badge in its kind's colour. */
export function StatusBadge<K extends StatusKind>({
  kind,
  value,
  children,
  testId,
}: {
  kind: K;
  value: keyof (typeof STATUS_VARIANTS)[K] & string;
  children: ReactNode;
  testId?: string;
}) {
  const variant = (STATUS_VARIANTS[kind] as Record<string, BadgeVariant>)[value] ?? 'neutral';
  const data = kind === 'priority' ? { 'data-priority': value } : { 'data-status': value };
  return (
    <Badge variant={variant} data-testid={testId} {...data}>
      {children}
    </Badge>
  );
}
