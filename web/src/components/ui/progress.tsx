import { cn } from '@/lib/utils';

const TONES = {
  primary: 'bg-primary',
  warning: 'bg-warning',
  destructive: 'bg-destructive',
  success: 'bg-success',
  info: 'bg-info',
} as const;

export type ProgressTone = keyof typeof TONES;

/** A horizontal bar filling from the inline start; `max` defaults to 100 (spec section 9). */
export function Progress({
  value,
  max = 100,
  tone = 'primary',
  label,
  size = 'md',
}: {
  value: number;
  max?: number;
  tone?: ProgressTone;
  label?: string;
  size?: 'sm' | 'md';
}) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={Math.round(value)}
      className={cn('w-full overflow-hidden rounded-full bg-muted', size === 'sm' ? 'h-1.5' : 'h-2')}
    >
      <div className={cn('h-full rounded-full transition-[width]', TONES[tone])} style={{ width: `${percent}%` }} />
    </div>
  );
}
