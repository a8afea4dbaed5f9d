import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

/** Semantic status colours, used the same way on every screen. */
const VARIANTS = {
  neutral: 'bg-muted text-foreground border-border',
  primary: 'bg-primary/10 text-primary border-primary/25',
  success: 'bg-success/10 text-success border-success/30',
  warning: 'bg-warning/12 text-warning border-warning/35',
  destructive: 'bg-destructive/10 text-destructive border-destructive/30',
  info: 'bg-info/10 text-info border-info/30',
  outline: 'bg-transparent text-foreground border-input',
} as const;

export type BadgeVariant = keyof typeof VARIANTS;

export function Badge({ variant = 'neutral', className, ...props }: HTMLAttributes<HTMLSpanElement> & { variant?: BadgeVariant }) {
  return (
    <span
      className={cn(
        'inline-flex h-6 items-center gap-1 whitespace-nowrap rounded-md border px-2 text-xs font-medium hc:border-current [&_svg]:size-3',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}
