import { forwardRef, type ComponentPropsWithoutRef, type HTMLAttributes } from 'react';
import { AlertDialog as AlertPrimitive } from 'radix-ui';
import { cn } from '@/lib/utils';
import { buttonClasses, type ButtonVariant } from './button';
import { overlayClasses } from './dialog';

export const AlertDialog = AlertPrimitive.Root;
export const AlertDialogTrigger = AlertPrimitive.Trigger;

export const AlertDialogContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof AlertPrimitive.Content>>(
  function AlertDialogContent({ className, ...props }, ref) {
    return (
      <AlertPrimitive.Portal>
        <AlertPrimitive.Overlay className={overlayClasses} />
        <AlertPrimitive.Content
          ref={ref}
          className={cn(
            'fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-[440px] flex-col gap-4 overflow-y-auto',
            'rounded-md border bg-popover p-5 text-popover-foreground shadow-pop data-[state=open]:animate-fade-in sm:p-6',
            className,
          )}
          {...props}
        />
      </AlertPrimitive.Portal>
    );
  },
);

export function AlertDialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 text-start', className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const AlertDialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof AlertPrimitive.Title>>(
  function AlertDialogTitle({ className, ...props }, ref) {
    return <AlertPrimitive.Title ref={ref} className={cn('text-lg font-semibold', className)} {...props} />;
  },
);

export const AlertDialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof AlertPrimitive.Description>>(
  function AlertDialogDescription({ className, ...props }, ref) {
    return <AlertPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />;
  },
);

export const AlertDialogAction = forwardRef<
  HTMLButtonElement,
  ComponentPropsWithoutRef<typeof AlertPrimitive.Action> & { variant?: ButtonVariant }
>(function AlertDialogAction({ className, variant = 'primary', ...props }, ref) {
  return <AlertPrimitive.Action ref={ref} className={buttonClasses({ variant, className })} {...props} />;
});

export const AlertDialogCancel = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<typeof AlertPrimitive.Cancel>>(
  function AlertDialogCancel({ className, ...props }, ref) {
    return <AlertPrimitive.Cancel ref={ref} className={buttonClasses({ variant: 'outline', className })} {...props} />;
  },
);
