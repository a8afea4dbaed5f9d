import type { FormEvent, ReactNode, Ref } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ListError } from '@/shared/list-frame';
import { ResultSkeleton } from './result-parts';

/** A tab of the assistant: the question's form on one side, its answer on the other (below it on a phone). */
export function AskFrame({
  title,
  description,
  formTestId,
  onSubmit,
  submit,
  resultRef,
  result,
  children,
}: {
  title: string;
  description: string;
  formTestId: string;
  onSubmit: (event: FormEvent) => void;
  submit: { label: string; icon: LucideIcon; testId: string; loading: boolean };
  resultRef: Ref<HTMLDivElement>;
  result: ReactNode;
  children: ReactNode;
}) {
  const Icon = submit.icon;
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-5">
      <Card className="min-w-0 lg:col-span-2">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate data-testid={formTestId}>
            {children}
            <Button type="submit" loading={submit.loading} className="self-start" data-testid={submit.testId}>
              <Icon aria-hidden />
              {submit.label}
            </Button>
          </form>
        </CardContent>
      </Card>
      <div ref={resultRef} className="min-w-0 scroll-mt-4 lg:col-span-3" aria-live="polite">
        {result}
      </div>
    </div>
  );
}

/** The answer side of a tab that shows one stored record: empty, working, failed to load, or the record. */
export function RecordResult<T>({
  empty,
  asking,
  recordId,
  record,
  children,
}: {
  empty: ReactNode;
  asking: boolean;
  recordId: number | null;
  record: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('ai');
  if (asking || (recordId !== null && record.isPending)) return <ResultSkeleton />;
  if (recordId !== null && record.isError)
    return <ListError error={record.error} title={t('result.loadFailed')} onRetry={() => record.refetch()} />;
  if (record.data) return children(record.data);
  return empty;
}
