import { useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { History } from 'lucide-react';
import type { AuditResource } from '@core/contracts/audit.ts';
import { usePermissions } from '@/lib/auth';
import { useTranslation } from '@/lib/translation';
import { useLoadedWhen } from '@/lib/use-loaded-when';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { withParam } from './use-search-param';

type Tab = 'details' | 'history';

// The history's code comes with its first opening: most visits never open it.
const loadHistory = () => import('./record-history-list');

/** The tab in the page's address (`?tab=history`), so a reload or a shared link opens it. */
function useAddressTab(): [Tab, (tab: Tab) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const tab: Tab = new URLSearchParams(search).get('tab') === 'history' ? 'history' : 'details';
  return [tab, (next) => navigate(withParam(location, search, 'tab', next === 'history' ? next : null), { replace: true })];
}

function LocalTabs(props: TabsProps) {
  const [tab, setTab] = useState<Tab>('details');
  return <RecordTabsFor {...props} tab={tab} setTab={setTab} />;
}

function AddressTabs(props: TabsProps) {
  const [tab, setTab] = useAddressTab();
  return <RecordTabsFor {...props} tab={tab} setTab={setTab} />;
}

type TabsProps = {
  resource: AuditResource;
  id: number;
  /** The first tab's name ("Details" unless given). */
  detailsLabel?: string;
  /** The first tab's layout (a column of cards 16 px apart unless given). */
  detailsClassName?: string;
  children: ReactNode;
};

function RecordTabsFor({
  resource,
  id,
  detailsLabel,
  detailsClassName,
  children,
  tab,
  setTab,
}: TabsProps & { tab: Tab; setTab: (tab: Tab) => void }) {
  const { t } = useTranslation('audit');
  const history = useLoadedWhen(tab === 'history', loadHistory);
  return (
    <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} data-testid="record-tabs">
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="details" data-testid="record-tab-details">
          {detailsLabel ?? t('history.details')}
        </TabsTrigger>
        <TabsTrigger value="history" data-testid="record-tab-history">
          <History className="size-4" aria-hidden />
          {t('history.tab')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="details" className={detailsClassName ?? 'flex flex-col gap-4'}>
        {children}
      </TabsContent>
      <TabsContent value="history">
        {history ? <history.RecordHistoryList resource={resource} id={id} /> : <Skeleton className="h-48 w-full" />}
      </TabsContent>
    </Tabs>
  );
}

/**
 * A record's page (or dialog) with a History tab for admins: every change made to the record,
 * by whom and when, with each field before and after (the audit log's entries about it). Others
 * see the record alone. `inAddress` keeps the tab in the page's address; a dialog keeps its own.
 */
export function RecordTabs({ inAddress = true, ...props }: TabsProps & { inAddress?: boolean }) {
  const admin = usePermissions().canManageUsers;
  if (!admin) return <>{props.children}</>;
  return inAddress ? <AddressTabs {...props} /> : <LocalTabs {...props} />;
}
