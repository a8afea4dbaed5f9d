import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/utils';

const SIZES = { sm: 'size-4', md: 'size-6', lg: 'size-8' } as const;

export function Spinner({ size = 'md', className, label }: { size?: keyof typeof SIZES; className?: string; label?: string }) {
  return (
    <LoaderCircle
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('animate-spin text-primary', SIZES[size], className)}
    />
  );
}
