import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** An empty list: an icon, what is missing, what to do about it, and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  body,
  action,
  testId,
}: {
  icon: LucideIcon;
  title: string;
  body?: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-md border border-dashed px-6 py-12 text-center" data-testid={testId}>
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </div>
      <h3 className="text-base font-semibold">{title}</h3>
      {body && <p className="max-w-sm text-sm text-muted-foreground">{body}</p>}
      {action}
    </div>
  );
}
