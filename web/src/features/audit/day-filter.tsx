import { Input } from '@/components/ui/input';

/** A day of the filter (from or to), kept on the right side of the other. */
export function DayFilter(props: {
  label: string;
  value: string;
  onChange: (day: string) => void;
  min?: string;
  max?: string;
  testId: string;
}) {
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
