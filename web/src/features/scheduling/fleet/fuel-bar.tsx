import { useTranslation } from '@/lib/translation';
import { fuelColour, type FuelColour } from '@core/rules/scheduling.ts';
import { formatPercent } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Spec section 4: under 25 red, under 50 yellow, otherwise green; no value grey. */
const COLOURS: Record<FuelColour, string> = {
  red: 'bg-destructive',
  yellow: 'bg-warning',
  green: 'bg-success',
  grey: 'bg-muted-foreground/40',
};

/** A fuel level bar (filling from the inline start) with its percentage. */
export function FuelBar({ level }: { level: number | null }) {
  const { t, i18n } = useTranslation('fleet');
  const colour = fuelColour(level);
  const percent = level === null ? 0 : Math.min(100, Math.max(0, level));
  return (
    <div className="flex min-w-28 items-center gap-2" data-testid="fuel" data-colour={colour}>
      <div
        role="meter"
        aria-label={t('table.fuel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={level ?? undefined}
        aria-valuetext={level === null ? t('fuel.unknown') : formatPercent(level, i18n.language)}
        className="h-2 w-20 overflow-hidden rounded-full bg-muted"
      >
        <div className={cn('h-full rounded-full', COLOURS[colour])} style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-xs tabular-nums text-muted-foreground">{level === null ? '—' : formatPercent(level, i18n.language)}</span>
    </div>
  );
}
