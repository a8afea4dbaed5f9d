import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/**
 * `form.register(name)` with the field's value written into the input (`defaultValue`).
 * react-hook-form sets an uncontrolled input's value from its ref once mounted; a page the
 * server rendered (web/src/entry-server.tsx) is never mounted there, so its inputs showed empty
 * until the app took the page over. For the forms a page shows as it opens, not in a dialog.
 */
export function registerWithValue<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const value: unknown = form.getValues(name);
  return { ...form.register(name), defaultValue: value === undefined || value === null ? '' : String(value) };
}
