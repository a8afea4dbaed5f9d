import { forwardRef, useState, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { cn } from '@/lib/utils';

const FIELD =
  'w-full rounded-md border border-input bg-card text-foreground shadow-card transition-colors ' +
  'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 read-only:bg-muted read-only:shadow-none ' +
  'aria-[invalid=true]:border-destructive aria-[invalid=true]:ring-destructive/20';

/** 16px text on phones keeps mobile browsers from zooming into the field. */
export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, type = 'text', ...props },
  ref,
) {
  return <input ref={ref} type={type} className={cn(FIELD, 'h-11 px-3 text-base md:h-9 md:text-sm', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(FIELD, 'min-h-20 px-3 py-2 text-base md:text-sm', className)} {...props} />;
});

/** A password field with a show/hide toggle at the inline end. */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { showLabel: string; hideLabel: string }
>(function PasswordInput({ className, showLabel, hideLabel, ...props }, ref) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <Input ref={ref} type={visible ? 'text' : 'password'} className={cn('pe-11', className)} {...props} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        className="absolute inset-y-0 end-0 inline-flex w-11 items-center justify-center rounded-md text-muted-foreground transition-colors hover:text-foreground md:w-9"
      >
        {visible ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
      </button>
    </div>
  );
});
