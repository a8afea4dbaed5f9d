import { refreshEntities } from '@/lib/query-keys';
import type { ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { RecordTabs } from '@/shared/record-history';
import { Link, useLocation } from 'wouter';
import { Car, Pencil, Receipt } from 'lucide-react';
import { apiRequest, isApiError, type ApiError } from '@/lib/api';
import { useAuth, usePermissions } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { PriorityBadge } from './job-card-badges';
import { jobCardQuery } from './job-cards.api';
import { failureText } from '@/shared/messages';
import type { JobCardDetail } from './model';
import { StatusSelect } from './status-select';
import { addMoney } from './totals';
import { TotalsSummary } from './totals-summary';

/**
 * A completed job card becomes an invoice (POST /api/tenants/:tenantId/job-cards/:id/invoice),
 * once: the invoice then opens on the invoices screen. A card already invoiced opens its invoice.
 */
function CreateInvoiceButton({ card }: { card: JobCardDetail }) {
  const { t } = useTranslation('job-cards');
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const create = useMutation<{ id: number; invoiceNumber: string }, ApiError>({
    mutationFn: () => apiRequest('POST', `/api/tenants/${user?.tenantId ?? 0}/job-cards/${card.id}/invoice`, {}),
    onSuccess: () => void refreshEntities(queryClient, 'job_cards', 'invoices'),
  });
  return (
    <Button
      variant="outline"
      loading={create.isPending}
      title={t('detail.createInvoiceHint')}
      onClick={() =>
        create.mutate(undefined, {
          onSuccess: (invoice) => {
            toast({
              variant: 'success',
              title: t('toast.invoiceCreated'),
              description: t('toast.invoiceCreatedBody', { number: invoice.invoiceNumber, jobNumber: card.jobNumber }),
            });
            navigate(`/invoices/${invoice.id}`);
          },
          onError: (error) => {
            const existing = isApiError(error) && error.code === 'invoices.job_card_invoiced' ? Number(error.params?.invoiceId) : 0;
            toast({
              variant: existing ? 'default' : 'destructive',
              title: existing ? t('toast.invoiceExists') : t('toast.invoiceFailed'),
              description: failureText(error, t, 'job-cards', t('toast.invoiceFailed')),
            });
            if (existing) navigate(`/invoices/${existing}`);
          },
        })
      }
      data-testid="job-card-create-invoice"
    >
      <Receipt aria-hidden />
      {t('detail.createInvoice')}
    </Button>
  );
}

function Item({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** The vehicle's own view (its service history, owner and job cards). */
export function vehicleHref(vehicle: { id: number }): string {
  return `/vehicles/${vehicle.id}`;
}

function DetailBody({ card, canEdit, onEdit }: { card: JobCardDetail; canEdit: boolean; onEdit: () => void }) {
  const { t, i18n } = useTranslation('job-cards');
  // Invoices are for admins and managers; a completed job is what gets billed.
  const canInvoice = usePermissions().canEditInvoices && card.status === 'completed';
  const format = useFormatters();
  const dash = <span className="text-muted-foreground">—</span>;
  return (
    <div className="flex flex-col gap-5" data-testid="job-card-detail" data-job-number={card.jobNumber}>
      <DialogHeader>
        <p className="font-mono text-xs font-medium text-muted-foreground">
          <span dir="ltr">{card.jobNumber}</span>
        </p>
        <DialogTitle>
          <span dir="auto">{card.serviceType}</span>
        </DialogTitle>
        <DialogDescription>
          {t('detail.description', { customer: fullName(card.customer.firstName, card.customer.lastName) })}
        </DialogDescription>
        <div className="flex flex-wrap items-center gap-2 pt-1">
          <StatusSelect card={card} canChange={canEdit} />
          <PriorityBadge priority={card.priority} />
        </div>
      </DialogHeader>
      <RecordTabs resource="job_cards" id={card.id} inAddress={false} detailsClassName="flex flex-col gap-5">
        <dl className="grid gap-4 sm:grid-cols-3">
          <Item label={t('fields.customer')}>
            <span dir="auto">{fullName(card.customer.firstName, card.customer.lastName)}</span>
          </Item>
          <Item label={t('fields.vehicle')} testId="detail-vehicle">
            <Link
              href={vehicleHref(card.vehicle)}
              data-testid="vehicle-link"
              className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline"
            >
              <Car className="size-4 shrink-0" aria-hidden />
              <span dir="auto">
                {card.vehicle.make} {card.vehicle.model} · {card.vehicle.plateNumber}
              </span>
            </Link>
          </Item>
          <Item label={t('fields.technician')}>
            {card.technician ? fullName(card.technician.firstName, card.technician.lastName) : t('fields.unassigned')}
          </Item>
          <Item label={t('fields.scheduledDate')}>{card.scheduledDate ? format.date(card.scheduledDate) : dash}</Item>
          <Item label={t('fields.completedDate')} testId="detail-completed">
            {card.completedDate ? format.date(card.completedDate) : dash}
          </Item>
          <Item label={t('fields.createdAt')}>{format.date(card.createdAt)}</Item>
          <Item label={t('fields.estimatedCost')}>{card.estimatedCost ? format.money(card.estimatedCost) : dash}</Item>
          <Item label={t('fields.actualCost')}>{card.actualCost ? format.money(card.actualCost) : dash}</Item>
          <Item label={t('detail.stock')}>{card.partsConsumed ? t('detail.partsConsumed') : t('detail.partsNotConsumed')}</Item>
          {card.description && (
            <div className="sm:col-span-3">
              <Item label={t('fields.description')}>
                <span className="whitespace-pre-line" dir="auto">
                  {card.description}
                </span>
              </Item>
            </div>
          )}
        </dl>

        <section className="flex flex-col gap-2" aria-labelledby="detail-parts">
          <h3 id="detail-parts" className="text-sm font-semibold">
            {t('lines.parts')}
          </h3>
          {card.parts.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('lines.noParts')}</p>
          ) : (
            <div className="rounded-md border">
              <Table data-testid="detail-parts">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>{t('lines.part')}</TableHead>
                    <TableHead>
                      <span className="block text-end">{t('lines.quantity')}</span>
                    </TableHead>
                    <TableHead className="hidden sm:table-cell">
                      <span className="block text-end">{t('lines.unitPrice')}</span>
                    </TableHead>
                    <TableHead>
                      <span className="block text-end">{t('lines.total')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {card.parts.map((line) => (
                    <TableRow key={line.id}>
                      <TableCell>
                        <span className="block font-medium">
                          <span dir="auto">{line.name}</span>
                        </span>
                        <span className="block text-xs text-muted-foreground">
                          <span dir="ltr">{line.sku}</span>
                        </span>
                      </TableCell>
                      <TableCell className="text-end tabular-nums">{formatNumber(line.quantity, i18n.language)}</TableCell>
                      <TableCell className="hidden text-end tabular-nums sm:table-cell">{format.money(line.unitPrice)}</TableCell>
                      <TableCell className="text-end tabular-nums">{format.money(line.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </section>

        <section className="flex flex-col gap-2" aria-labelledby="detail-labour">
          <h3 id="detail-labour" className="text-sm font-semibold">
            {t('lines.labour')}
          </h3>
          {card.labour.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('lines.noLabour')}</p>
          ) : (
            <div className="rounded-md border">
              <Table data-testid="detail-labour">
                <TableHeader>
                  <TableRow className="hover:bg-transparent">
                    <TableHead>{t('lines.description')}</TableHead>
                    <TableHead>
                      <span className="block text-end">{t('lines.hours')}</span>
                    </TableHead>
                    <TableHead className="hidden sm:table-cell">
                      <span className="block text-end">{t('lines.rate')}</span>
                    </TableHead>
                    <TableHead>
                      <span className="block text-end">{t('lines.total')}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {card.labour.map((line) => (
                    <TableRow key={line.id}>
                      <TableCell>
                        <span dir="auto">{line.description}</span>
                      </TableCell>
                      <TableCell className="text-end tabular-nums">{formatNumber(line.hours, i18n.language, 2)}</TableCell>
                      <TableCell className="hidden text-end tabular-nums sm:table-cell">{format.money(line.rate)}</TableCell>
                      <TableCell className="text-end tabular-nums">{format.money(line.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </section>

        <TotalsSummary
          parts={card.partsTotal}
          labour={card.labourTotal}
          total={addMoney(card.partsTotal, card.labourTotal)}
          testId="detail-totals"
        />

        {card.notes && (
          <section className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">{t('fields.notes')}</h3>
            <p className="whitespace-pre-line text-sm">
              <span dir="auto">{card.notes}</span>
            </p>
          </section>
        )}
      </RecordTabs>
      {(canEdit || canInvoice) && (
        <DialogFooter>
          {canInvoice && <CreateInvoiceButton card={card} />}
          {canEdit && (
            <Button onClick={onEdit} data-testid="detail-edit">
              <Pencil aria-hidden />
              {t('table.edit')}
            </Button>
          )}
        </DialogFooter>
      )}
    </div>
  );
}

/** One job card with its lines, totals, completion date and a link to the vehicle. */
export function JobCardDetailDialog({
  jobCardId,
  canEdit,
  onEdit,
  onClose,
}: {
  jobCardId: number;
  canEdit: (card: JobCardDetail) => boolean;
  onEdit: (card: JobCardDetail) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('job-cards');
  const { data, isLoading, error } = useQuery(jobCardQuery(jobCardId));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="xl" data-testid="job-card-detail-dialog">
        {isLoading && (
          <div className="flex flex-col gap-4" data-testid="job-card-detail-loading">
            <DialogTitle className="sr-only">{t('detail.loading')}</DialogTitle>
            <Skeleton className="h-6 w-1/3" />
            <Skeleton className="h-24" />
            <Skeleton className="h-32" />
          </div>
        )}
        {error && (
          <div className="flex flex-col gap-2 py-6 text-center">
            <DialogTitle>{t('detail.loadFailed')}</DialogTitle>
            <p className="text-sm text-muted-foreground">{failureText(error, t, 'job-cards')}</p>
          </div>
        )}
        {data && <DetailBody card={data} canEdit={canEdit(data)} onEdit={() => onEdit(data)} />}
      </DialogContent>
    </Dialog>
  );
}
