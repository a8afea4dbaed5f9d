import { refreshEntities } from '@/lib/query-keys';
import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Link } from 'wouter';
import { Pencil, Trash2, Users } from 'lucide-react';
import { usePermissions, useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { Tooltip } from '@/components/ui/tooltip';
import { CsvActions } from '../csv/csv-actions';
import { CsvImportDialog } from '../csv/csv-import';
import { useDetailId } from '@/shared/use-detail-id';
import { useSearchParam } from '@/shared/use-search-param';
import { useNewParam } from '@/shared/use-new-param';
import { useCustomerCsv } from './customer-csv';
import { customerName, customersExportUrl, customersListKey, type Customer } from './customers.api';
import type { CustomerDialogState } from './customer-dialogs';

const CustomerDialogs = lazy(() => import('./customer-dialogs'));
const CustomerView = lazy(() => import('./customer-view'));

function CustomerRow({
  customer,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
}: {
  customer: Customer;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('customers');
  const name = customerName(customer);
  return (
    <TableRow data-testid="customer-row" data-customer-id={customer.id}>
      {/* w-full + max-w-0 on phones: the name column takes the room left and truncates. */}
      <TableCell className="w-full max-w-0 md:w-auto md:max-w-none">
        <Link
          href={`/customers/${customer.id}`}
          className="block truncate font-medium text-foreground hover:text-primary hover:underline"
          data-testid="customer-link"
        >
          {name}
        </Link>
        {/* What the hidden columns hold, under the name on small screens. */}
        <p className="truncate text-xs text-muted-foreground sm:hidden">
          <span dir="ltr">{customer.phone}</span>
        </p>
        {customer.email && (
          <p className="truncate text-xs text-muted-foreground md:hidden">
            <span dir="ltr">{customer.email}</span>
          </p>
        )}
      </TableCell>
      <TableCell className="hidden text-muted-foreground md:table-cell">
        {customer.email ? <span dir="ltr">{customer.email}</span> : <span aria-label={t('none')}>—</span>}
      </TableCell>
      <TableCell className="hidden whitespace-nowrap sm:table-cell">
        <span dir="ltr">{customer.phone}</span>
      </TableCell>
      <TableCell className="hidden lg:table-cell">{customer.city ?? <span className="text-muted-foreground">—</span>}</TableCell>
      <TableCell className="text-end">
        {(canEdit || canDelete) && (
          <div className="flex justify-end gap-1">
            {canEdit && (
              <Tooltip content={t('actions.edit')}>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={onEdit}
                  aria-label={t('actions.editNamed', { name })}
                  data-testid="edit-customer"
                >
                  <Pencil aria-hidden />
                </Button>
              </Tooltip>
            )}
            {canDelete && (
              <Tooltip content={t('actions.delete')}>
                <Button
                  variant="ghost"
                  size="icon"
                  onClick={onDelete}
                  aria-label={t('actions.deleteNamed', { name })}
                  data-testid="delete-customer"
                >
                  <Trash2 className="text-destructive" aria-hidden />
                </Button>
              </Tooltip>
            )}
          </div>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /customers: search, add, import and export, the table with Load more. */
function CustomerList() {
  const { t } = useTranslation('customers');
  const tenantId = useTenantId();
  const { canEditCustomers: canEdit, canDeleteCustomers: canDelete } = usePermissions();
  const search = useSearchParam();
  const [dialog, setDialog] = useState<CustomerDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'add' }), canEdit);
  const [importing, setImporting] = useState(false);
  const csv = useCustomerCsv();
  const queryClient = useQueryClient();
  const list = usePagedList<Customer>(customersListKey(tenantId, search.q), { enabled: tenantId > 0, keepPrevious: true });

  return (
    <div className="flex flex-col gap-4" data-testid="customers-page">
      <ListToolbar
        search={{
          value: search.text,
          onChange: search.setText,
          label: t('search.label'),
          placeholder: t('search.placeholder'),
          busy: search.searching || list.isPlaceholderData,
          testId: 'customer-search',
        }}
        actions={
          <>
            <CsvActions
              url={customersExportUrl(tenantId, search.q)}
              fileName="customers.csv"
              entityLabel={t('csv.entity')}
              onImport={canEdit ? () => setImporting(true) : undefined}
            />
            {canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="add-customer" />}
          </>
        }
      />
      <PagedTable
        list={list}
        testId="customers"
        label={t('tableLabel')}
        columns={[
          { label: t('columns.name') },
          { label: t('columns.email'), at: 'md' },
          { label: t('columns.phone'), at: 'sm' },
          { label: t('columns.city'), at: 'lg' },
          { label: t('columns.actions'), srOnly: !canEdit && !canDelete, end: true },
        ]}
        row={(customer) => (
          <CustomerRow
            key={customer.id}
            customer={customer}
            canEdit={canEdit && customer.erasedAt === null}
            canDelete={canDelete}
            onEdit={() => setDialog({ kind: 'edit', customer })}
            onDelete={() => setDialog({ kind: 'delete', customer })}
          />
        )}
        empty={{
          icon: Users,
          title: search.q ? t('empty.searchTitle') : t('empty.title'),
          body: search.q ? t('empty.searchBody', { q: search.q }) : canEdit ? t('empty.body') : t('empty.bodyReadOnly'),
          action: canEdit && !search.q && (
            <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="empty-add-customer" />
          ),
        }}
        failedTitle={t('errorLoadingCustomers')}
        t={t}
      />

      {dialog && (
        <Suspense fallback={null}>
          <CustomerDialogs state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <CsvImportDialog
            entity={csv}
            onClose={() => setImporting(false)}
            onImported={() => void refreshEntities(queryClient, 'customers')}
          />
        </Suspense>
      )}
    </div>
  );
}

function ViewSkeleton() {
  return (
    <div className="flex flex-col gap-4" data-testid="customer-view-loading">
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-40" />
      <Skeleton className="h-56" />
    </div>
  );
}

/** /customers and /customers/:id (the customer view). */
export default function CustomersPage() {
  const id = useDetailId('/customers');
  if (id !== null) {
    return (
      <Suspense fallback={<ViewSkeleton />}>
        <CustomerView key={id} id={id} />
      </Suspense>
    );
  }
  return <CustomerList />;
}
