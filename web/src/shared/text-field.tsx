import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';

/**
 * A labelled text input of a react-hook-form form: the field's error below it and tied to it
 * (aria-invalid, aria-describedby); `ltr` for typed Latin data (e-mail, phone, codes) in Arabic.
 */
export function TextField({
  id,
  label,
  error,
  hint,
  optional,
  ltr = false,
  register,
  className,
  ...input
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: ReactNode;
  ltr?: boolean;
  register: UseFormRegisterReturn;
  className?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'dir'>) {
  return (
    <Field id={id} label={label} error={error} hint={hint} optional={optional} className={className}>
      <Input
        id={id}
        type="text"
        dir={ltr ? 'ltr' : undefined}
        className={ltr ? 'text-start' : undefined}
        aria-invalid={!!error}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
        {...register}
      />
    </Field>
  );
}
