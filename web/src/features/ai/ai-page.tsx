import { useEffect, useRef, useState, type ComponentType } from 'react';
import { useLoadedWhen } from '@/lib/use-loaded-when';
import EstimateTab from './estimate-tab';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Bot, Calculator, CalendarCog, MessagesSquare, Package, Wrench, type LucideIcon } from 'lucide-react';
import type { Vehicle } from '@core/contracts/vehicles.ts';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAiAddress } from './ai-address';
import { AI_TABS, type AiTab } from './model';
import { ResultSkeleton } from './result-parts';

// Each tab loads when first opened.
/** The first tab comes with the page; the others load when opened. */
const loadMaintenanceTab = () => import('./maintenance-tab');
const loadPartsTab = () => import('./parts-tab');
const loadScheduleTab = () => import('./schedule-tab');
const loadChatTab = () => import('./chat-tab');

/** A tab whose code loads when it is opened: a skeleton until then, no Suspense hold-back. */
function LazyTab<P extends object>({ load, props }: { load: () => Promise<{ default: ComponentType<P> }>; props: P }) {
  const module = useLoadedWhen(true, load);
  if (!module) return <ResultSkeleton testId="tab-loading" />;
  const Tab = module.default;
  return <Tab {...props} />;
}

const TAB_ICONS: Record<AiTab, LucideIcon> = {
  estimate: Calculator,
  maintenance: Wrench,
  parts: Package,
  schedule: CalendarCog,
  chat: MessagesSquare,
};

/**
 * /ai-assistant: the spec's five tabs (job estimation, predictive maintenance, parts
 * recommendation, smart scheduling, chat), the open one in the address (`?tab=`). A vehicle
 * picked on one tab is the vehicle of the others (`?vehicle=`), so a vehicle's page can link here.
 */
export default function AiPage() {
  const { t } = useTranslation('ai');
  const address = useAiAddress();
  const vehicleId = address.id('vehicle');
  const [picked, setPicked] = useState<Vehicle | null>(null);
  // A vehicle named by the address (a reload, a link from the vehicle's page) is read once.
  const fromAddress = useQuery<Vehicle>({
    queryKey: ['/api/vehicles', vehicleId ?? 0],
    enabled: vehicleId !== null && picked?.id !== vehicleId,
  });
  const vehicle = picked && picked.id === vehicleId ? picked : vehicleId !== null ? (fromAddress.data ?? null) : null;
  const onVehicle = (next: Vehicle | null) => {
    setPicked(next);
    address.set({ vehicle: next?.id ?? null });
  };
  const tabProps = { vehicle, onVehicle };
  // On a phone the tabs scroll sideways: the open one is kept in view (a link can open the last).
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    strip.current?.querySelector('[data-state="active"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [address.tab]);

  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="ai-page">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <Bot className="mt-0.5 size-4 shrink-0" aria-hidden />
        {t('intro')}
      </p>
      <Tabs value={address.tab} onValueChange={(next) => address.set({ tab: next }, { push: true })}>
        <div ref={strip} className="-mx-1 overflow-x-auto px-1 pb-1">
          <TabsList aria-label={t('tabs.label')} className="w-max min-w-full">
            {AI_TABS.map((tab) => {
              const Icon = TAB_ICONS[tab];
              return (
                <TabsTrigger key={tab} value={tab} data-testid={`ai-tab-${tab}`}>
                  <Icon className="size-4" aria-hidden />
                  {t(`tabs.${tab}`)}
                </TabsTrigger>
              );
            })}
          </TabsList>
        </div>
        <TabsContent value="estimate">
          <EstimateTab {...tabProps} />
        </TabsContent>
        <TabsContent value="maintenance">
          <LazyTab load={loadMaintenanceTab} props={tabProps} />
        </TabsContent>
        <TabsContent value="parts">
          <LazyTab load={loadPartsTab} props={tabProps} />
        </TabsContent>
        <TabsContent value="schedule">
          <LazyTab load={loadScheduleTab} props={{}} />
        </TabsContent>
        <TabsContent value="chat">
          <LazyTab load={loadChatTab} props={{}} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
