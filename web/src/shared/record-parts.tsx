import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { ArrowLeft, SearchX } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { isApiError } from '@/lib/api';
import { ListError } from './list-frame';

/** "← All customers": back to the list (the arrow points the reading direction's way back). */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ms-2 self-start text-muted-foreground' })}
      data-testid="back-link"
    >
      <ArrowLeft className="rtl:-scale-x-100" aria-hidden />
      {children}
    </Link>
  );
}

/** A record that does not exist (or belongs to another workshop). */
export function RecordNotFound({
  title,
  body,
  backHref,
  backLabel,
  testId,
}: {
  title: string;
  body: string;
  backHref: string;
  backLabel: string;
  testId?: string;
}) {
  return (
    <EmptyState
      icon={SearchX}
      title={title}
      body={body}
      testId={testId}
      action={
        <Link href={backHref} className={buttonClasses({ variant: 'outline' })}>
          {backLabel}
        </Link>
      }
    />
  );
}

/** One labelled value of a record's details; `ltr` for Latin data (phone, e-mail, VIN). */
export function Detail({ label, children, ltr = false, testId }: { label: string; children: ReactNode; ltr?: boolean; testId?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words text-sm" data-testid={testId}>
        {ltr ? <span dir="ltr">{children}</span> : children}
      </dd>
    </div>
  );
}

/**
 * A record's view until its record is there: the back link over skeletons while it loads, "not
 * found" for a 404 (or another workshop's record), else the error with a retry. `texts` is the
 * view's dictionary part (`back`, `notFound`, `notFoundBody`, `loadFailed`).
 */
export function RecordPending({
  query,
  base,
  texts,
  testId,
}: {
  query: { isLoading: boolean; error: unknown; refetch: () => unknown };
  /** The list's path, e.g. "/customers". */
  base: string;
  texts: { back: string; notFound: string; notFoundBody: string; loadFailed: string };
  /** `<testId>-loading`, `<testId>-not-found`. */
  testId: string;
}) {
  const back = <BackLink href={base}>{texts.back}</BackLink>;
  return (
    <div className="flex flex-col gap-4" data-testid={query.isLoading ? `${testId}-loading` : undefined}>
      {back}
      {query.isLoading ? (
        <>
          <Skeleton className="h-40" />
          <Skeleton className="h-56" />
        </>
      ) : isApiError(query.error) && query.error.status === 404 ? (
        <RecordNotFound
          title={texts.notFound}
          body={texts.notFoundBody}
          backHref={base}
          backLabel={texts.back}
          testId={`${testId.replace(/-view$/, '')}-not-found`}
        />
      ) : (
        <ListError title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      )}
    </div>
  );
}
