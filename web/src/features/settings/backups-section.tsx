import { useMutation, useQuery, useQueryClient, queryOptions } from '@tanstack/react-query';
import { Archive, Download } from 'lucide-react';
import type { BackupJob, BackupStatus } from '@core/contracts/backups.ts';
import { BACKUP_KEPT_DAYS } from '@core/contracts/backups.values.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { useTenantId } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { useTranslation } from '@/lib/translation';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';

/** How often the list is read again while an export runs. */
const POLL_MS = 1000;

const backupsQuery = (tenantId: number) =>
  queryOptions<BackupJob[]>({
    queryKey: ['/api/tenants', tenantId, 'backups'],
    enabled: tenantId > 0,
    refetchInterval: (query) => (query.state.data?.some((job) => isUnderWay(job.status)) ? POLL_MS : false),
  });

const isUnderWay = (status: BackupStatus) => status === 'queued' || status === 'running';

const STATUS_TONES: Record<BackupStatus, BadgeVariant> = {
  queued: 'neutral',
  running: 'info',
  completed: 'success',
  failed: 'destructive',
  expired: 'outline',
};

/** A size in the reader's digits: kB below a megabyte, MB above. */
function fileSize(bytes: number, language: string, t: (key: string, options: Record<string, unknown>) => string) {
  if (bytes < 1024 * 1024) return t('backups.sizeKb', { size: formatNumber(Math.max(1, Math.round(bytes / 1024)), language) });
  return t('backups.sizeMb', { size: formatNumber(bytes / (1024 * 1024), language, 1) });
}

/**
 * Settings > Backups (admins): start a full export of the workshop, follow it while it runs,
 * download its zip for BACKUP_KEPT_DAYS days (docs/operations.md "A workshop's backup").
 */
export function BackupsSection() {
  const { t, i18n } = useTranslation('settings');
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  const query = backupsQuery(tenantId);
  const { data: jobs, isLoading, isError, error } = useQuery(query);
  const start = useMutation<BackupJob, ApiError>({
    mutationFn: () => apiRequest<BackupJob>('POST', `/api/tenants/${tenantId}/backups`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: query.queryKey }),
    onError: (err) => toast({ variant: 'destructive', title: t('backups.startFailed'), description: errorMessage(err, t) }),
  });
  const format = useFormatters();
  const running = jobs?.some((job) => isUnderWay(job.status)) ?? false;

  return (
    <Card data-testid="settings-backups">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Archive className="size-4 text-muted-foreground" aria-hidden />
            {t('backups.title')}
          </CardTitle>
          <CardDescription>{t('backups.description', { days: formatNumber(BACKUP_KEPT_DAYS, i18n.language) })}</CardDescription>
        </div>
        <Button onClick={() => start.mutate()} loading={start.isPending} disabled={running} data-testid="backups-start">
          {t('backups.start')}
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading && <Skeleton className="h-16" />}
        {isError && <p className="text-sm text-destructive">{errorMessage(error, t)}</p>}
        {jobs && jobs.length === 0 && <p className="text-sm text-muted-foreground">{t('backups.none')}</p>}
        {jobs && jobs.length > 0 && (
          <ul className="flex flex-col divide-y" data-testid="backups-list">
            {jobs.map((job) => (
              <li key={job.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:gap-4" data-testid="backups-job">
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{format.dateTime(job.createdAt)}</span>
                    <Badge variant={STATUS_TONES[job.status]}>{t(`backups.status.${job.status}`)}</Badge>
                  </div>
                  <p className="text-sm text-muted-foreground">
                    {job.status === 'completed' && job.fileSize !== null
                      ? t('backups.completedLine', {
                          size: fileSize(job.fileSize, i18n.language, t),
                          rows: formatNumber(job.rowsDone, i18n.language),
                          until: job.expiresAt ? format.dateTime(job.expiresAt) : '',
                        })
                      : job.status === 'failed'
                        ? t('backups.failedLine')
                        : job.status === 'expired'
                          ? t('backups.expiredLine')
                          : t('backups.runningLine', { percent: formatNumber(job.progress, i18n.language) })}
                    {job.requestedBy && ` · ${t('backups.by', { name: job.requestedBy.name })}`}
                  </p>
                  {isUnderWay(job.status) && <Progress value={job.progress} label={t('backups.progress')} size="sm" />}
                </div>
                {job.status === 'completed' && (
                  <a
                    href={`/api/tenants/${tenantId}/backups/${job.id}/download`}
                    download
                    className={buttonClasses({ variant: 'outline', size: 'sm' })}
                    data-testid="backups-download"
                  >
                    <Download className="size-4" aria-hidden />
                    {t('backups.download')}
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
