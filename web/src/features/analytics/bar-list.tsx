import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { BadgeVariant } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

export type BarTone = BadgeVariant;

/** The bar's colour for each semantic tone (the same tones as the status badges). */
const BAR: Record<BarTone, string> = {
  primary: 'bg-primary',
  success: 'bg-success',
  warning: 'bg-warning',
  destructive: 'bg-destructive',
  info: 'bg-info',
  neutral: 'bg-muted-foreground/60',
  outline: 'bg-muted-foreground/40',
};

export type BarItem = {
  key: string;
  label: ReactNode;
  /** What the bar's length stands for. */
  value: number;
  /** The value as text (money, a count). */
  display: string;
  /** A second figure under the value (invoices in a bucket, revenue of a service type). */
  note?: string;
  tone?: BarTone;
  /** The records behind the figure. */
  href?: string;
  linkLabel?: string;
};

/**
 * Categorical figures as horizontal bars: a label and its value on one line, the bar below it,
 * its length relative to the largest. A list for screen readers; the bar grows from the start
 * side, so it reads right to left in Arabic by itself.
 */
export function BarList({ items, label, testId, wide }: { items: BarItem[]; label: string; testId?: string; wide?: boolean }) {
  const max = Math.max(0, ...items.map((item) => item.value));
  return (
    <ul className={cn('grid gap-x-8 gap-y-2.5', wide && 'md:grid-cols-2')} aria-label={label} data-testid={testId}>
      {items.map((item) => {
        const share = max > 0 ? Math.max(item.value > 0 ? 2 : 0, (item.value / max) * 100) : 0;
        const body = (
          <>
            <span className="flex items-baseline justify-between gap-3 text-sm">
              <span className={cn('min-w-0 truncate', item.href && 'text-primary group-hover:underline')}>{item.label}</span>
              <span className="flex shrink-0 items-baseline gap-1.5">
                <span className="font-medium tabular-nums" data-testid="bar-value">
                  {item.display}
                </span>
                {item.note && <span className="text-xs text-muted-foreground">{item.note}</span>}
              </span>
            </span>
            <span className="mt-1 block h-2 w-full overflow-hidden rounded-full bg-muted" aria-hidden>
              <span
                className={cn('block h-full rounded-full print:[print-color-adjust:exact]', BAR[item.tone ?? 'primary'])}
                style={{ width: `${share}%` }}
                data-testid="bar"
              />
            </span>
          </>
        );
        return (
          <li key={item.key} data-testid="bar-item" data-key={item.key} data-value={item.value}>
            {item.href ? (
              <Link
                href={item.href}
                className="group -mx-1.5 block rounded-md px-1.5 py-0.5 outline-none hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={item.linkLabel}
              >
                {body}
              </Link>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}
