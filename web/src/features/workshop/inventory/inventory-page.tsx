import { refreshEntities } from '@/lib/query-keys';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { ClipboardCheck, History, MoreHorizontal, Package, PackagePlus, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { usePermissions, useTenantId } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Switch } from '@/components/ui/switch';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, ListToolbar, PagedTable } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { ALL } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { useSearchParam } from '@/shared/use-search-param';
import { useNewParam } from '@/shared/use-new-param';
import { CsvActions } from '../csv/csv-actions';
import { CsvImportDialog } from '../csv/csv-import';
import { categoriesQuery, lowStockCountQuery, partsKey, type PartFilter } from './inventory.api';
import { partsExportUrl, usePartCsv } from './part-csv';
import { SPARE_PART_STATUSES, type SparePart } from './model';
import type { PartDialogState } from './part-dialogs';
import { AttentionIcon, StockBadge } from './stock-badge';

const PartDialogs = lazy(() => import('./part-dialogs'));

function LowStockAlert({ count, lowStockFirst, onShowFirst }: { count: number; lowStockFirst: boolean; onShowFirst: () => void }) {
  const { t, i18n } = useTranslation('inventory');
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-md border border-destructive/40 bg-destructive/10 p-3 sm:flex-row sm:items-center"
      data-testid="low-stock-alert"
    >
      <TriangleAlert className="hidden size-5 shrink-0 text-destructive sm:block" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="font-semibold text-destructive" data-testid="low-stock-count">
          {t('alert.title', { n: formatNumber(count, i18n.language) })}
        </p>
        <p className="text-sm">{t('alert.body')}</p>
      </div>
      {!lowStockFirst && (
        <Button variant="outline" size="sm" onClick={onShowFirst}>
          {t('alert.showFirst')}
        </Button>
      )}
    </div>
  );
}

/** True below Tailwind's `sm` (640 px): phones, where edit and delete move into the row's menu. */
function useNarrow(): boolean {
  const query = '(max-width: 639.98px)';
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    // A page rendered on the server is drawn for a desktop; a phone switches once it has taken over.
    () => false,
  );
}

/** What the user may do to parts: edit (and move stock), delete. */
type PartRights = { edit: boolean; remove: boolean };

function RowActions({ part, may, onAction }: { part: SparePart; may: PartRights; onAction: (state: PartDialogState) => void }) {
  const { t } = useTranslation('inventory');
  const narrow = useNarrow();
  if (!may.edit && !may.remove) {
    return (
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onAction({ kind: 'history', part })}
        aria-label={t('actions.historyNamed', { name: part.name })}
      >
        <History aria-hidden />
      </Button>
    );
  }
  return (
    <div className="flex items-center justify-end gap-0.5">
      {!narrow && may.edit && (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onAction({ kind: 'edit', part })}
          aria-label={t('actions.editNamed', { name: part.name })}
          data-testid="edit-part"
        >
          <Pencil aria-hidden />
        </Button>
      )}
      {!narrow && may.remove && (
        <Button
          variant="ghost"
          size="icon"
          onClick={() => onAction({ kind: 'delete', part })}
          aria-label={t('actions.deleteNamed', { name: part.name })}
          data-testid="delete-part"
        >
          <Trash2 aria-hidden />
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={t('actions.moreNamed', { name: part.name })} data-testid="part-menu">
            <MoreHorizontal aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {may.edit && (
            <>
              <DropdownMenuItem onSelect={() => onAction({ kind: 'receive', part })} data-testid="receive-stock">
                <PackagePlus aria-hidden />
                {t('actions.receive')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => onAction({ kind: 'count', part })} data-testid="count-stock">
                <ClipboardCheck aria-hidden />
                {t('actions.count')}
              </DropdownMenuItem>
            </>
          )}
          <DropdownMenuItem onSelect={() => onAction({ kind: 'history', part })} data-testid="stock-history">
            <History aria-hidden />
            {t('actions.history')}
          </DropdownMenuItem>
          {narrow && (
            <>
              <DropdownMenuSeparator />
              {may.edit && (
                <DropdownMenuItem onSelect={() => onAction({ kind: 'edit', part })}>
                  <Pencil aria-hidden />
                  {t('actions.edit')}
                </DropdownMenuItem>
              )}
              {may.remove && (
                <DropdownMenuItem destructive onSelect={() => onAction({ kind: 'delete', part })}>
                  <Trash2 aria-hidden />
                  {t('actions.delete')}
                </DropdownMenuItem>
              )}
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
    </div>
  );
}

function PartRow({ part, may, onAction }: { part: SparePart; may: PartRights; onAction: (state: PartDialogState) => void }) {
  const { t, i18n } = useTranslation('inventory');
  const format = useFormatters();
  const dash = <span className="text-muted-foreground">—</span>;
  return (
    <TableRow data-testid="part-row" data-sku={part.sku}>
      <TableCell className="hidden whitespace-nowrap font-mono text-xs lg:table-cell" dir="ltr">
        {part.sku}
      </TableCell>
      {/* w-full + max-w-0 below lg: this column takes the room left and stacks what the hidden columns show. */}
      <TableCell className="w-full max-w-0 lg:w-auto lg:max-w-none">
        <span className="flex min-w-0 items-center gap-1.5">
          <span className="truncate font-medium" dir="auto">
            {part.name}
          </span>
          <AttentionIcon quantity={part.stockQuantity} minimum={part.minimumStock} />
        </span>
        <span className="block truncate text-xs text-muted-foreground lg:hidden">
          <span dir="ltr">{part.sku}</span>
          {part.category && ` · ${part.category}`}
          <span className="sm:hidden"> · {format.money(part.unitPrice)}</span>
        </span>
      </TableCell>
      <TableCell className="hidden xl:table-cell">{part.category ? <span dir="auto">{part.category}</span> : dash}</TableCell>
      <TableCell className="hidden xl:table-cell">{part.brand ? <span dir="auto">{part.brand}</span> : dash}</TableCell>
      <TableCell>
        <StockBadge quantity={part.stockQuantity} minimum={part.minimumStock} />
      </TableCell>
      <TableCell className="hidden text-end tabular-nums lg:table-cell">{formatNumber(part.minimumStock, i18n.language)}</TableCell>
      <TableCell className="hidden text-end tabular-nums sm:table-cell" data-testid="unit-price">
        {format.money(part.unitPrice)}
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <Badge variant={part.status === 'active' ? 'success' : 'neutral'}>{t(`status.${part.status}`)}</Badge>
      </TableCell>
      <TableCell className="text-end">
        <RowActions part={part} may={may} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
}

/** /inventory: the low-stock alert, search and filters, the parts table with stock badges, paging, dialogs. */
export default function InventoryPage() {
  const { t } = useTranslation('inventory');
  const permissions = usePermissions();
  const canEdit = permissions.canEditSpareParts;
  const may: PartRights = { edit: canEdit, remove: permissions.canDeleteSpareParts };
  const tenantId = useTenantId();
  // The search lives in the URL (?q=), so links and the back button keep it.
  const search = useSearchParam();
  const [category, setCategory] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const [lowStockFirst, setLowStockFirst] = useState(false);
  const [dialog, setDialog] = useState<PartDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'add' }), canEdit);
  const [importing, setImporting] = useState(false);
  const csv = usePartCsv();
  const queryClient = useQueryClient();
  const categories = useQuery({ ...categoriesQuery(tenantId), enabled: tenantId > 0 });
  const lowStock = useQuery({ ...lowStockCountQuery(tenantId), enabled: tenantId > 0 });

  const filter: PartFilter = {
    q: search.q || undefined,
    category: category === ALL ? undefined : category,
    status: status === ALL ? undefined : status,
    lowStockFirst: lowStockFirst ? 'true' : undefined,
  };
  const list = usePagedList<SparePart>(partsKey(tenantId, filter), { enabled: tenantId > 0 });
  const filtered = !!filter.q || !!filter.category || !!filter.status;
  // A category chosen before it disappeared (its last part deleted) stays choosable.
  const categoryOptions = categories.data ?? [];
  const shownCategories = category !== ALL && !categoryOptions.includes(category) ? [...categoryOptions, category] : categoryOptions;

  return (
    <div className="flex flex-col gap-4" data-testid="inventory-page">
      {!!lowStock.data && lowStock.data > 0 && (
        <LowStockAlert count={lowStock.data} lowStockFirst={lowStockFirst} onShowFirst={() => setLowStockFirst(true)} />
      )}
      <ListToolbar
        filtersBelow
        search={{
          value: search.text,
          onChange: search.setText,
          label: t('search'),
          placeholder: t('searchPlaceholder'),
          busy: search.searching,
          testId: 'part-search',
        }}
        filters={
          <>
            <FilterSelect
              value={category}
              onChange={setCategory}
              label={t('filters.category')}
              all={t('filters.allCategories')}
              options={shownCategories}
              testId="category-filter"
            />
            <FilterSelect
              value={status}
              onChange={setStatus}
              label={t('filters.status')}
              all={t('filters.allStatuses')}
              options={SPARE_PART_STATUSES}
              text={(s) => t(`status.${s}`)}
              testId="part-status-filter"
              className="sm:w-40"
            />
            <label className="col-span-2 flex h-11 cursor-pointer items-center gap-2 text-sm font-medium sm:col-span-1 sm:h-9 sm:px-1">
              <Switch checked={lowStockFirst} onCheckedChange={setLowStockFirst} data-testid="low-stock-first" />
              {t('filters.lowStockFirst')}
            </label>
          </>
        }
        actions={
          <>
            <CsvActions
              url={partsExportUrl(tenantId, { q: filter.q, category: filter.category, status: filter.status })}
              fileName="spare-parts.csv"
              entityLabel={t('csv.entity')}
              onImport={canEdit ? () => setImporting(true) : undefined}
            />
            {canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} testId="add-part" />}
          </>
        }
      />
      <PagedTable
        list={list}
        testId="parts"
        columns={[
          { label: t('table.sku'), at: 'lg' },
          { label: t('table.name') },
          { label: t('table.category'), at: 'xl' },
          { label: t('table.brand'), at: 'xl' },
          { label: t('table.stock') },
          { label: t('table.minimum'), end: true, at: 'lg' },
          { label: t('table.unitPrice'), end: true, at: 'sm' },
          { label: t('table.status'), at: 'lg' },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(part) => <PartRow key={part.id} part={part} may={may} onAction={setDialog} />}
        empty={emptyView(
          filtered,
          {
            icon: Package,
            title: t('empty.title'),
            body: canEdit ? t('empty.body') : t('empty.bodyReadOnly'),
            action: canEdit && <AddButton label={t('add')} onClick={() => setDialog({ kind: 'add' })} />,
          },
          t,
        )}
        t={t}
        namespace="inventory"
      />
      {dialog && (
        <Suspense fallback={null}>
          <PartDialogs state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      {importing && (
        <Suspense fallback={null}>
          <CsvImportDialog
            entity={csv}
            onClose={() => setImporting(false)}
            onImported={() => void refreshEntities(queryClient, 'spare_parts')}
          />
        </Suspense>
      )}
    </div>
  );
}
