import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { OptionSelect, type OptionProps } from './option-select';

/** OptionSelect bound to a react-hook-form field. */
export function FormSelect<TForm extends FieldValues>({
  control,
  name,
  ...props
}: OptionProps & { control: Control<TForm>; name: FieldPath<TForm> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <OptionSelect value={field.value} onChange={field.onChange} {...props} />}
    />
  );
}
