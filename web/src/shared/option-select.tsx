import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type OptionProps = {
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
export function OptionSelect({ value, onChange, id, options, text, testId, label, size, className, disabled, invalid, describedBy, placeholder }: OptionProps & { value: string; onChange: (value: string) => void }) {
  return (
    <Select value={value} onValueChange={onChange} disabled={disabled}>
      <SelectTrigger id={id} size={size} className={className} aria-label={label} aria-invalid={invalid || undefined} aria-describedby={describedBy} data-testid={testId}>
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

/** OptionSelect bound to a react-hook-form field. */
export function FormSelect<TForm extends FieldValues>({ control, name, ...props }: OptionProps & { control: Control<TForm>; name: FieldPath<TForm> }) {
  return <Controller control={control} name={name} render={({ field }) => <OptionSelect value={field.value} onChange={field.onChange} {...props} />} />;
}
