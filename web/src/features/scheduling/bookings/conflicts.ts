import type { TFunction } from 'i18next';
import { toast } from '@/components/ui/toast';
import type { BookingSaved } from './bookings.api';

/** A saved booking that overlaps the technician's other work: allowed, but said (a lasting warning toast). */
export function conflictToast(saved: BookingSaved, t: TFunction) {
  if (saved.conflicts.length === 0) return;
  toast({
    variant: 'default',
    title: t('bookings:conflicts.title'),
    description: `${t('bookings:conflicts.body', { count: saved.conflicts.length })} ${saved.conflicts.map((c) => c.label).join(', ')}`,
  });
}
