import { ALL } from './list-filter';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

export type OptionProps = {
  id?: string;
  options: readonly string[];
  /** An option's text (e.g. the translated status). */
  text: (option: string) => string;
  testId?: string;
  label?: string;
  size?: 'sm' | 'md';
  className?: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Shown while nothing is chosen. */
  placeholder?: string;
};

/** A select of a fixed list of values (statuses, priorities, roles) shown by their texts. */
export function OptionSelect({
  value,
  onChange,
  id,
  options,
  text,
  testId,
  label,
  size,
  className,
  disabled,
  invalid,
  describedBy,
  placeholder,
}: OptionProps & { value: string; onChange: (value: string) => void }) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger
        id={id}
        size={size}
        className={className}
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-testid={testId}
      >
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((option) => (
          <SelectItem key={option} value={option}>
            {text(option)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

/** A filter above a list: a small select with its "all" choice first. */
export function FilterSelect({
  value,
  onChange,
  label,
  all,
  options,
  text = (option) => option,
  testId,
  className = 'sm:w-44',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** The "all" choice's text. */
  all: string;
  options: readonly string[];
  text?: (option: string) => string;
  testId?: string;
  className?: string;
}) {
  return (
    <OptionSelect
      value={value}
      onChange={onChange}
      options={[ALL, ...options]}
      text={(option) => (option === ALL ? all : text(option))}
      label={label}
      size="sm"
      className={className}
      testId={testId}
    />
  );
}
