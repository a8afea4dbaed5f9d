import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { ArrowRight, BellRing, TriangleAlert } from 'lucide-react';
// Types only from core/contracts: a value import would pull zod into the page.
import type { ServiceReminder } from '@core/contracts/maintenance.ts';
import { dayInZone } from '@core/rules/time-zone.ts';
import { currentTime, formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { metricsQuery, pendingRemindersKey, REMINDERS_SHOWN } from '../workforce.api';
import { zoneOr } from '../dates';

/** The dashboard lists this many pending reminders (soonest due first) and tells the total. */

/**
 * Pending service reminders (from the vehicles' maintenance schedules): the soonest five with
 * their vehicle (a link to its page, where they are dismissed or snoozed) and due date, and the
 * total. Hidden when there are none.
 */
export function ServiceRemindersAlert({ tenantId }: { tenantId: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const format = useFormatters();
  // Under ['/api/tenants', id, 'service-reminders']: the maintenance screens' changes and the live channel refresh it.
  const list = usePagedList<ServiceReminder>(pendingRemindersKey(tenantId, REMINDERS_SHOWN), { enabled: tenantId > 0 });
  const first = list.data?.pages[0];
  if (!first || first.items.length === 0) return null;
  const today = dayInZone(currentTime(), zoneOr(format.timeZone));
  const more = list.total - first.items.length;
  return (
    <Card className="border-warning/40" data-testid="service-reminders-alert">
      <CardHeader className="flex-row items-start gap-3 pb-3 md:pb-3">
        <BellRing className="mt-0.5 size-5 shrink-0 text-warning" aria-hidden />
        <div className="flex min-w-0 flex-col gap-1">
          <CardTitle>{t('alerts.reminders.title')}</CardTitle>
          <CardDescription data-testid="service-reminders-total">
            {t('alerts.reminders.total', { n: formatNumber(list.total, i18n.language) })}
          </CardDescription>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-x-6 lg:grid-cols-2">
          {first.items.map((r) => {
            const vehicle = `${r.vehicle.make} ${r.vehicle.model}`;
            const overdue = r.dueDate !== null && r.dueDate < today;
            return (
              <li key={r.id} className="border-t py-2.5" data-testid="service-reminder-item">
                <Link href={`/vehicles/${r.vehicleId}`} className="flex w-full items-center gap-2 rounded-md text-start hover:text-primary">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-medium">
                      <bdi>{r.serviceName ? t('alerts.reminders.item', { service: r.serviceName }) : r.reminderTitle}</bdi>
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">
                      <bdi>{vehicle}</bdi> · <bdi dir="ltr">{r.vehicle.plateNumber}</bdi>
                    </span>
                  </span>
                  {r.dueDate && (
                    <span
                      className={overdue ? 'shrink-0 text-xs font-medium text-destructive' : 'shrink-0 text-xs text-muted-foreground'}
                      data-testid="service-reminder-due"
                    >
                      {t(overdue ? 'alerts.reminders.overdue' : 'alerts.reminders.due', { date: format.date(r.dueDate) })}
                    </span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
        {more > 0 && (
          <p className="mt-2 text-xs text-muted-foreground">{t('alerts.reminders.more', { n: formatNumber(more, i18n.language) })}</p>
        )}
      </CardContent>
    </Card>
  );
}

/** Parts below their minimum or out of stock (the Low Stock figure), one click from the inventory. Hidden at 0. */
export function LowStockAlert({ tenantId }: { tenantId: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const { data } = useQuery(metricsQuery(tenantId));
  if (!data?.lowStockItems) return null;
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 sm:flex-row sm:items-center"
      data-testid="low-stock-alert"
    >
      <TriangleAlert className="hidden size-5 shrink-0 text-destructive sm:block" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-semibold text-destructive" data-testid="low-stock-count">
          {t('alerts.lowStock.title', { n: formatNumber(data.lowStockItems, i18n.language) })}
        </p>
        <p className="text-sm">{t('alerts.lowStock.body')}</p>
      </div>
      <Link href="/inventory" className={buttonClasses({ variant: 'outline', size: 'sm' })} data-testid="low-stock-link">
        {t('alerts.lowStock.action')}
        <ArrowRight className="rtl:-scale-x-100" aria-hidden />
      </Link>
    </div>
  );
}
