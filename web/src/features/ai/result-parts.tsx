import { Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { CircleCheck, CircleX, Clock, Info, X } from 'lucide-react';
import type { EmployeeOption } from '@core/contracts/users.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { formatPercent } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { citationHref, confidenceLevel } from './citations';
import type { AiRecord, AiRecordStatus, Citation } from './model';

const LEVEL_VARIANT: Record<ReturnType<typeof confidenceLevel>, BadgeVariant> = { low: 'warning', medium: 'info', high: 'success' };

/** "Confidence: 82% (high)": how much history the answer stands on and how much it varies. */
export function ConfidenceBadge({ value }: { value: number }) {
  const { t, i18n } = useTranslation('ai');
  const level = confidenceLevel(value);
  return (
    <Badge variant={LEVEL_VARIANT[level]} data-testid="confidence" data-level={level} title={t('confidence.hint')}>
      {t('confidence.label', { percent: formatPercent(value * 100, i18n.language), level: t(`confidence.${level}`) })}
    </Badge>
  );
}

/** A record an answer stands on, as a link where it opens (job card, vehicle, part...), else its label. */
export function CitationLink({ citation, vehicleId }: { citation: Citation; vehicleId?: number | null }) {
  const href = citationHref(citation, { vehicleId });
  const label = <bdi>{citation.label}</bdi>;
  if (!href) return <span data-testid="citation">{label}</span>;
  return (
    <Link href={href} className="text-primary hover:underline" data-testid="citation" data-kind={citation.kind} data-id={citation.id}>
      {label}
    </Link>
  );
}

/** "Based on: JC-000012, JC-000031 …" (every figure traceable to its records). */
export function BasedOn({
  citations,
  vehicleId,
  title,
  aside,
}: {
  citations: Array<Citation & { similarity?: number }>;
  vehicleId?: number | null;
  title?: string;
  aside?: (citation: Citation & { similarity?: number }) => ReactNode;
}) {
  const { t } = useTranslation('ai');
  if (citations.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5" data-testid="based-on">
      <h4 className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{title ?? t('result.basedOn')}</h4>
      <ul className="flex flex-wrap gap-x-3 gap-y-1.5 text-sm">
        {citations.map((citation) => (
          <li key={`${citation.kind}-${citation.id}`} className="inline-flex items-center gap-1.5">
            <CitationLink citation={citation} vehicleId={vehicleId} />
            {aside?.(citation)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A note in the answer: why it fell back, what a technician does not see. */
export function Notice({ children, testId, tone = 'info' }: { children: ReactNode; testId?: string; tone?: 'info' | 'warning' }) {
  return (
    <div
      role="note"
      className={
        tone === 'warning'
          ? 'flex items-start gap-2 rounded-md border border-warning/35 bg-warning/10 p-3 text-sm'
          : 'flex items-start gap-2 rounded-md border border-info/30 bg-info/10 p-3 text-sm'
      }
      data-testid={testId}
    >
      <Info className={tone === 'warning' ? 'mt-0.5 size-4 shrink-0 text-warning' : 'mt-0.5 size-4 shrink-0 text-info'} aria-hidden />
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** The name of whoever applied or dismissed a record: "you", a colleague (staff read the users), else "a colleague". */
function useDeciderName(decidedBy: number | null): string | null {
  const { t } = useTranslation('ai');
  const { user } = useAuth();
  const canReadUsers = usePermissions().canViewStaff;
  const others = decidedBy !== null && decidedBy !== user?.id;
  const users = useQuery<EmployeeOption[]>({ queryKey: ['/api/users'], enabled: others && canReadUsers });
  if (decidedBy === null) return null;
  if (decidedBy === user?.id) return t('status.you');
  const found = users.data?.find((u) => u.id === decidedBy);
  return found ? fullName(found.firstName, found.lastName) : t('status.colleague');
}

const STATUS_VARIANT: Record<AiRecordStatus, BadgeVariant> = { pending: 'warning', applied: 'success', dismissed: 'neutral' };
const STATUS_ICON = { pending: Clock, applied: CircleCheck, dismissed: CircleX } as const;

/** "Applied by Sam Rivera on 3 May 2030 · JC-000012": what became of a stored answer. */
export function RecordStatus({ record, children }: { record: AiRecord; children?: ReactNode }) {
  const { t } = useTranslation('ai');
  const format = useFormatters();
  const who = useDeciderName(record.decidedBy);
  const Icon = STATUS_ICON[record.status];
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="record-status" data-status={record.status}>
      <Badge variant={STATUS_VARIANT[record.status]}>
        <Icon className="size-3.5" aria-hidden />
        {t(`status.${record.status}`)}
      </Badge>
      {record.status !== 'pending' && who && (
        <span className="text-muted-foreground" data-testid="decided-by">
          {t(`status.${record.status}By`, { name: who, date: format.dateTime(record.decidedAt) })}
        </span>
      )}
      {children}
    </div>
  );
}

/** Where a decided record went (job card, estimate, booking...), as a link beside its status. */
export function RecordLink({ href, testId, children }: { href: string; testId: string; children: ReactNode }) {
  return (
    <Link href={href} className="text-primary hover:underline" data-testid={testId}>
      {children}
    </Link>
  );
}

/** A result's decision area: its status (and where it went), and while it is pending, its buttons. */
export function Decision({ record, links, children }: { record: AiRecord; links?: ReactNode; children: ReactNode }) {
  return (
    <>
      <RecordStatus record={record}>{links}</RecordStatus>
      {record.status === 'pending' && <div className="flex flex-wrap gap-2">{children}</div>}
    </>
  );
}

/** "Dismiss": opens the dialog that asks why. */
export function DismissButton({
  onClick,
  testId,
  variant = 'outline',
}: {
  onClick: () => void;
  testId: string;
  variant?: 'outline' | 'ghost';
}) {
  const { t } = useTranslation('ai');
  return (
    <Button variant={variant} size="sm" onClick={onClick} data-testid={testId}>
      <X aria-hidden />
      {t('actions.dismiss')}
    </Button>
  );
}

type DialogsProps<S> = { state: S; onState: (state: S | null) => void; onClose: () => void };

/** A result's dialogs, loaded on first open: the function that opens one, and the element to render. */
export function useResultDialogs<S>(Dialogs: ComponentType<DialogsProps<S>>) {
  const [state, setState] = useState<S | null>(null);
  const element = state !== null && (
    <Suspense fallback={null}>
      <Dialogs state={state} onState={setState} onClose={() => setState(null)} />
    </Suspense>
  );
  return [setState, element] as const;
}

/** A labelled figure of an answer (total, hours, parts cost). */
export function Figure({ label, value, sub, testId }: { label: string; value: ReactNode; sub?: ReactNode; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5 rounded-md border bg-muted/30 p-3" data-testid={testId}>
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-lg font-semibold tabular-nums">{value}</span>
      {sub && <span className="text-xs text-muted-foreground">{sub}</span>}
    </div>
  );
}

/** While the assistant works on an answer: the result card's shape. */
export function ResultSkeleton({ testId = 'result-skeleton' }: { testId?: string }) {
  const { t } = useTranslation('ai');
  return (
    <Card data-testid={testId} aria-busy="true">
      <span className="sr-only" role="status">
        {t('result.working')}
      </span>
      <CardHeader>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-4 w-72 max-w-full" />
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </CardContent>
    </Card>
  );
}
