import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { Bot } from 'lucide-react';
import { useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ListError } from '@/shared/list-frame';
import { vehicleAiHistoryQuery } from './ai.api';
import type { AiRecordStatus, AiUrgency } from './model';
import { predictionService } from './explain';
import { useSay } from './use-say';

const STATUS_VARIANT: Record<AiRecordStatus, BadgeVariant> = { pending: 'warning', applied: 'success', dismissed: 'neutral' };
const URGENCY_VARIANT: Record<AiUrgency, BadgeVariant> = { overdue: 'destructive', soon: 'warning', later: 'info' };

function Row({
  href,
  title,
  detail,
  status,
  date,
}: {
  href: string;
  title: React.ReactNode;
  detail?: React.ReactNode;
  status: AiRecordStatus;
  date: string;
}) {
  const { t } = useTranslation('ai');
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm"
      data-testid="ai-history-item"
      data-status={status}
    >
      <div className="flex min-w-0 flex-col">
        <Link href={href} className="font-medium text-primary hover:underline">
          {title}
        </Link>
        {detail && <span className="text-xs text-muted-foreground">{detail}</span>}
      </div>
      <span className="flex items-center gap-2 text-xs text-muted-foreground">
        {date}
        <Badge variant={STATUS_VARIANT[status]}>{t(`status.${status}`)}</Badge>
      </span>
    </li>
  );
}

/**
 * A vehicle's past AI results (estimates, maintenance predictions, parts recommendations), each
 * opening its answer on the assistant; the app composes it into the vehicle's view.
 */
/** One kind of past answer (estimations, predictions, parts), left out when there are none. */
function HistoryList<T>({ title, items, children }: { title: string; items: T[]; children: (item: T) => ReactNode }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{title}</h4>
      <ul className="divide-y">{items.map(children)}</ul>
    </section>
  );
}

export default function AiHistorySection({ vehicleId }: { vehicleId: number }) {
  const { t, i18n } = useTranslation('ai');
  const tenantId = useTenantId();
  const format = useFormatters();
  const say = useSay();
  const history = useQuery({ ...vehicleAiHistoryQuery(tenantId, vehicleId), enabled: tenantId > 0 });
  const ask = `/ai-assistant?vehicle=${vehicleId}`;
  const hours = (value: string) => t('units.hours', { n: formatNumber(value, i18n.language, 2) });

  let content;
  if (history.isPending)
    content = (
      <div className="flex flex-col gap-2" aria-busy="true">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-2/3" />
      </div>
    );
  else if (history.isError) content = <ListError error={history.error} title={t('history.failed')} onRetry={() => history.refetch()} />;
  else {
    const { estimations, predictions, recommendations } = history.data;
    if (estimations.length + predictions.length + recommendations.length === 0)
      content = (
        <p className="text-sm text-muted-foreground" data-testid="ai-history-empty">
          {t('history.empty')}
        </p>
      );
    else
      content = (
        <div className="flex flex-col gap-4">
          <HistoryList title={t('history.estimations')} items={estimations}>
            {(e) => (
              <Row
                key={e.id}
                href={`/ai-assistant?estimate=${e.id}&vehicle=${vehicleId}`}
                title={e.totalCost !== null ? format.money(e.totalCost) : hours(e.estimatedTime)}
                detail={e.totalCost !== null ? hours(e.estimatedTime) : undefined}
                status={e.status}
                date={format.date(e.createdAt)}
              />
            )}
          </HistoryList>
          <HistoryList title={t('history.predictions')} items={predictions}>
            {(p) => (
              <Row
                key={p.id}
                href={`/ai-assistant?tab=maintenance&predictions=${p.id}&vehicle=${vehicleId}`}
                title={<bdi>{predictionService(say, p)}</bdi>}
                detail={
                  <Badge variant={URGENCY_VARIANT[p.urgency]} className="mt-0.5">
                    {t(`maintenance.urgency.${p.urgency}`)}
                  </Badge>
                }
                status={p.status}
                date={format.date(p.createdAt)}
              />
            )}
          </HistoryList>
          <HistoryList title={t('history.recommendations')} items={recommendations}>
            {(r) => (
              <Row
                key={r.id}
                href={`/ai-assistant?tab=parts&parts=${r.id}&vehicle=${vehicleId}`}
                title={t('history.partsCount', { n: formatNumber(r.parts.length, i18n.language) })}
                detail={r.totalEstimatedCost !== null ? format.money(r.totalEstimatedCost) : undefined}
                status={r.status}
                date={format.date(r.createdAt)}
              />
            )}
          </HistoryList>
        </div>
      );
  }

  return (
    <Card data-testid="ai-history">
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-1">
          <CardTitle>{t('history.title')}</CardTitle>
          <CardDescription>{t('history.description')}</CardDescription>
        </div>
        <Link href={ask} className="inline-flex items-center gap-1.5 text-sm text-primary hover:underline" data-testid="ai-history-ask">
          <Bot className="size-4" aria-hidden />
          {t('history.ask')}
        </Link>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
