import { useTranslation } from '@/lib/translation';
import type { Conflict } from '@core/contracts/bookings.ts';
import { useFormatters } from '@/lib/tenant';
import { toast } from '@/components/ui/toast';
import { formatInstantClock } from './time';

/**
 * The one toast after a save (the toaster shows one at a time): the success, or, when the save
 * overlaps the technician's other work (allowed), a warning that says both and what overlaps when.
 * Texts from `<namespace>:conflicts` (title, savedWith, item).
 */
export function useSavedToast(namespace: string) {
  const { t, i18n } = useTranslation(namespace);
  const format = useFormatters();
  return (conflicts: Conflict[], title: string, success: string) => {
    if (conflicts.length === 0) {
      toast({ variant: 'success', title, description: success });
      return;
    }
    const items = conflicts
      .map((c) =>
        t(`${namespace}:conflicts.item`, {
          label: c.label,
          date: format.date(c.start),
          start: formatInstantClock(c.start, i18n.language, format.timeZone),
          end: formatInstantClock(c.end, i18n.language, format.timeZone),
        }),
      )
      .join('; ');
    toast({
      title: t(`${namespace}:conflicts.title`),
      description: t(`${namespace}:conflicts.savedWith`, { saved: success, conflicts: items }),
    });
  };
}
