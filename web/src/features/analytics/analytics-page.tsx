import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { Printer } from 'lucide-react';
import { defaultInterval, presetPeriod } from '@core/rules/analytics.ts';
import { dayInZone } from '@core/rules/time-zone.ts';
import { useDisabledFeatures, usePermissions, useTenantId } from '@/lib/auth';
import { currentTime, zoneOrDefault } from '@/lib/format';
import { tenantSettingsQuery } from '@/lib/tenant';
import { useTranslation } from '@/lib/translation';
import { Button } from '@/components/ui/button';
import { NoAccessCard } from '@/shared/no-access-card';
import { CustomersSection } from './customers-report';
import { FleetSection } from './fleet-report';
import { JobsSection } from './jobs-report';
import { PartsSection } from './parts-report';
import { allowsDaily, parsePeriod, periodSearch, type PeriodChoice } from './period';
import { PeriodBar, type PeriodChange } from './period-bar';
import { RevenueSection } from './revenue-report';
import type { SectionProps } from './report-parts';
import { TechniciansSection } from './technicians-report';

/** What a technician sees: reports are for admins and managers (the server answers 403 too). */
function NoAccess() {
  const { t } = useTranslation('analytics');
  return <NoAccessCard title={t('noAccess.title')} body={t('noAccess.body')} testId="analytics-no-access" />;
}

/** Today in the workshop's time zone (the browser's until the settings are known, or when the zone is unknown). */
function workshopToday(timeZone: string | undefined): string {
  const now = currentTime();
  try {
    return dayInZone(now, zoneOrDefault(timeZone) ?? Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return dayInZone(now, 'UTC');
  }
}

/** The next period when the user changes one thing in the bar. */
function nextChoice(choice: PeriodChoice, change: PeriodChange, today: string): PeriodChoice {
  let next: PeriodChoice = { ...choice, ...change };
  if (change.preset && change.preset !== 'custom') {
    // A preset brings its own days and their default step.
    const days = presetPeriod(change.preset, today)!;
    return { ...next, ...days, problem: undefined, interval: defaultInterval(days), intervalChosen: false };
  }
  if (change.preset === 'custom' && change.from === undefined) next = { ...next, from: choice.from, to: choice.to };
  if (change.interval) next.intervalChosen = change.interval !== defaultInterval(next);
  else if (next.intervalChosen && next.interval === 'day' && !allowsDaily(next)) next.intervalChosen = false;
  if (!next.intervalChosen) next.interval = defaultInterval(next);
  return next;
}

/** Printing shows every report's numbers as tables (window.print(), or the browser's own Print). */
function usePrinting() {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  const print = () => {
    flushSync(() => setPrinting(true));
    // Returns once the browser's print dialog has closed.
    window.print();
    setPrinting(false);
  };
  return { printing, print };
}

/**
 * /analytics: the owner's reports for a period (revenue, jobs, technicians, parts, customers and
 * bookings, fleet), each with its change on the period before, charts, tables and CSV. The period
 * lives in the address (`?preset=last_month`, `?from=&to=`, `&compare=1&interval=week`), so a
 * link or a reload shows the same. Admins and managers only.
 */
export default function AnalyticsPage() {
  const { t } = useTranslation('analytics');
  const allowed = usePermissions().canViewReports;
  // The fleet report is the fleet module's too: gone while the workshop has fleet off.
  const fleetOn = !useDisabledFeatures().includes('fleet');
  const tenantId = useTenantId();
  const settings = useQuery(tenantSettingsQuery);
  const search = useSearch();
  const [location, navigate] = useLocation();
  const { printing, print } = usePrinting();
  const today = workshopToday(settings.data?.timeZone);
  const choice = parsePeriod(search, today);

  if (!allowed) return <NoAccess />;

  const change = (c: PeriodChange) => {
    const query = periodSearch(nextChoice(choice, c, today));
    navigate(query ? `${location}?${query}` : location);
  };
  // "Today" is the workshop's: the reports wait for its time zone.
  const section: SectionProps = {
    tenantId,
    params: { from: choice.from, to: choice.to, compare: choice.compare, interval: choice.interval },
    enabled: tenantId > 0 && !settings.isPending && !choice.problem,
    printing,
  };

  return (
    <div
      className="flex flex-col gap-4"
      data-testid="analytics-page"
      data-from={choice.from}
      data-to={choice.to}
      data-preset={choice.preset}
    >
      {/* On paper the top bar is gone: the sheet says what it is. */}
      <h1 className="hidden text-xl font-semibold print:block">{t('printTitle', { workshop: settings.data?.name ?? '' })}</h1>
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start">
        <div className="min-w-0 flex-1">
          <PeriodBar choice={choice} onChange={change} />
        </div>
        <div className="flex items-center justify-between gap-3 lg:flex-col lg:items-end print:hidden">
          <Button variant="outline" onClick={print} data-testid="analytics-print">
            <Printer aria-hidden />
            {t('print')}
          </Button>
          {settings.data && (
            <p className="text-xs text-muted-foreground" data-testid="analytics-zone">
              {t('zoneNote', { zone: settings.data.timeZone, currency: settings.data.currency })}
            </p>
          )}
        </div>
      </div>
      {choice.problem ? (
        <p
          role="status"
          className="rounded-md border border-dashed px-4 py-8 text-center text-sm text-muted-foreground"
          data-testid="analytics-choose-range"
        >
          {t('period.chooseRange')}
        </p>
      ) : (
        <>
          <RevenueSection {...section} />
          <JobsSection {...section} />
          <TechniciansSection {...section} />
          <PartsSection {...section} />
          <CustomersSection {...section} />
          {fleetOn && <FleetSection {...section} />}
        </>
      )}
    </div>
  );
}
