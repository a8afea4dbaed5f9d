import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export type Segment<V extends string> = { value: V; label: ReactNode; disabled?: boolean; title?: string; testId?: string };

/**
 * A choice of one among a few (a view, an interval) as pressed buttons on a muted track. Plain
 * buttons with aria-pressed, not Radix tabs: what they switch is not a tab panel, and the page
 * stays without the tabs' library.
 */
export function SegmentedControl<V extends string>({
  segments,
  value,
  onChange,
  label,
  labelledBy,
  className,
}: {
  segments: Array<Segment<V>>;
  value: V;
  onChange: (value: V) => void;
  /** The group's accessible name, or the id of the element that gives it. */
  label?: string;
  labelledBy?: string;
  className?: string;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      aria-labelledby={labelledBy}
      className={cn('inline-flex items-center gap-1 rounded-md bg-muted p-1', className)}
    >
      {segments.map((segment) => (
        <button
          key={segment.value}
          type="button"
          aria-pressed={value === segment.value}
          disabled={segment.disabled}
          title={segment.title}
          onClick={() => onChange(segment.value)}
          className={cn(
            'inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground outline-none transition-colors hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 md:h-7',
            value === segment.value && 'bg-card text-foreground shadow-card hc:ring-1 hc:ring-foreground',
          )}
          data-testid={segment.testId}
        >
          {segment.label}
        </button>
      ))}
    </div>
  );
}
