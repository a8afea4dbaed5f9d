import { useState } from 'react';
import { cn, initialsOf } from '@/lib/utils';

const SIZES = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const;

/** A round picture, or the initials when there is none (or it fails to load). */
export function Avatar({
  firstName,
  lastName,
  src,
  size = 'md',
}: {
  firstName?: string | null;
  lastName?: string | null;
  src?: string | null;
  size?: keyof typeof SIZES;
}) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-primary/10 font-semibold text-primary',
        SIZES[size],
      )}
    >
      {src && !failed ? (
        <img src={src} alt="" className="size-full object-cover" onError={() => setFailed(true)} />
      ) : (
        <span aria-hidden>{initialsOf(firstName, lastName)}</span>
      )}
    </span>
  );
}
