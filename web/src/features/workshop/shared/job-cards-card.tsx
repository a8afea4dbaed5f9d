import { useTranslation } from '@/lib/translation';
import { StatusBadge } from '@/shared/status-badge';
import { Link } from 'wouter';
import { ClipboardList } from 'lucide-react';
import type { JobCard } from '@core/contracts/job-cards.ts';
import { useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { CardLoadMore, SkeletonRows } from '@/shared/list-frame';

export const JOB_CARDS_PAGE_SIZE = 10;

/**
 * The job cards of one customer or one vehicle, newest first, with Load more; `show` adds the
 * vehicle's or the customer's column. Texts come from
 * the `vehicles` dictionary (both views load it).
 */
export function JobCardsCard({ filter, show }: { filter: { customerId: number } | { vehicleId: number }; show?: 'vehicle' | 'customer' }) {
  const { t } = useTranslation('vehicles');
  const format = useFormatters();
  const tenantId = useTenantId();
  const list = usePagedList<JobCard>(['/api/tenants', tenantId, 'job-cards', { ...filter, limit: JOB_CARDS_PAGE_SIZE }], {
    enabled: tenantId > 0,
  });

  let body;
  if (list.isError) {
    body = (
      <p className="px-4 pb-4 text-sm text-muted-foreground md:px-5" data-testid="job-cards-error">
        {t('jobCards.failed')}
      </p>
    );
  } else if (!list.isLoading && list.items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 px-4 pb-6 text-center text-sm text-muted-foreground" data-testid="job-cards-empty">
        <ClipboardList className="size-6" aria-hidden />
        {t('jobCards.empty')}
      </div>
    );
  } else {
    body = (
      <Table>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead className="whitespace-nowrap">{t('jobCards.number')}</TableHead>
            <TableHead>{t('jobCards.service')}</TableHead>
            {show && (
              <TableHead className="hidden md:table-cell">{show === 'vehicle' ? t('jobCards.vehicle') : t('jobCards.customer')}</TableHead>
            )}
            <TableHead>{t('jobCards.status')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('jobCards.date')}</TableHead>
            <TableHead className="hidden text-end sm:table-cell">{t('jobCards.cost')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.isLoading ? (
            <SkeletonRows columns={show ? 6 : 5} rows={2} />
          ) : (
            list.items.map((card) => (
              <TableRow key={card.id} data-testid="job-card-row">
                <TableCell className="whitespace-nowrap font-medium">
                  <Link
                    href={`/job-cards?q=${encodeURIComponent(card.jobNumber)}`}
                    className="hover:text-primary hover:underline"
                    dir="ltr"
                  >
                    {card.jobNumber}
                  </Link>
                </TableCell>
                <TableCell>
                  <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="max-w-48 truncate">{card.serviceType}</span>
                    <StatusBadge kind="priority" value={card.priority}>
                      {t(`jobCards.priorities.${card.priority}`)}
                    </StatusBadge>
                  </div>
                </TableCell>
                {show && (
                  <TableCell className="hidden md:table-cell">
                    {show === 'vehicle' ? (
                      <Link href={`/vehicles/${card.vehicle.id}`} className="hover:text-primary hover:underline">
                        {card.vehicle.make} {card.vehicle.model} · <span dir="ltr">{card.vehicle.plateNumber}</span>
                      </Link>
                    ) : (
                      <Link href={`/customers/${card.customer.id}`} className="hover:text-primary hover:underline">
                        {fullName(card.customer.firstName, card.customer.lastName)}
                      </Link>
                    )}
                  </TableCell>
                )}
                <TableCell>
                  <StatusBadge kind="jobCard" value={card.status}>
                    {t(`jobCards.statuses.${card.status}`)}
                  </StatusBadge>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
                  {format.date(card.completedDate ?? card.scheduledDate ?? card.createdAt)}
                </TableCell>
                <TableCell className="hidden whitespace-nowrap text-end tabular-nums sm:table-cell">
                  {format.money(card.actualCost ?? card.estimatedCost) || '—'}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <Card className="overflow-hidden" data-testid="job-cards-card">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('jobCards.title')}</CardTitle>
        {list.total > 0 && <Badge variant="neutral">{formatNumber(list.total, format.language)}</Badge>}
      </CardHeader>
      {body}
      <CardLoadMore list={list} showingText={(shown, total) => t('jobCards.showing', { shown, total })} moreText={t('jobCards.loadMore')} />
    </Card>
  );
}
