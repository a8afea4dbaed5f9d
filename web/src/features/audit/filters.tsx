import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { fullName } from '@/lib/utils';
import { Input } from '@/components/ui/input';
import { FilterSelect } from '@/shared/option-select';
import { auditUsersQuery } from './audit.api';

/** A day of the filter (from or to), kept on the right side of the other. */
function DayFilter(props: { label: string; value: string; onChange: (day: string) => void; min?: string; max?: string; testId: string }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs text-muted-foreground">
      {props.label}
      <Input
        type="date"
        value={props.value}
        min={props.min || undefined}
        max={props.max || undefined}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
        className="w-full min-w-0 sm:w-40"
      />
    </label>
  );
}

/** The two days of a filter, from and to, each kept on its side of the other; test ids `<prefix>-from`, `<prefix>-to`. */
export function DayRangeFilter(props: {
  from: string;
  to: string;
  onFrom: (day: string) => void;
  onTo: (day: string) => void;
  prefix: string;
}) {
  const { t } = useTranslation('audit');
  return (
    <>
      <DayFilter label={t('filters.from')} value={props.from} onChange={props.onFrom} max={props.to} testId={`${props.prefix}-from`} />
      <DayFilter label={t('filters.to')} value={props.to} onChange={props.onTo} min={props.from} testId={`${props.prefix}-to`} />
    </>
  );
}

/** "Person": the workshop's accounts by name, everyone unless one is chosen. */
export function PersonFilter(props: { value: string; onChange: (id: string) => void; enabled: boolean; testId: string }) {
  const { t } = useTranslation('audit');
  const people = useQuery({ ...auditUsersQuery, enabled: props.enabled }).data ?? [];
  const nameOf = (id: string) => {
    const user = people.find((u) => String(u.id) === id);
    return user ? fullName(user.firstName, user.lastName, `#${id}`) : `#${id}`;
  };
  return (
    <FilterSelect
      value={props.value}
      onChange={props.onChange}
      label={t('filters.user')}
      all={t('filters.allUsers')}
      options={people.map((u) => String(u.id))}
      text={nameOf}
      testId={props.testId}
    />
  );
}
