import { forwardRef, type ComponentPropsWithoutRef, type HTMLAttributes } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export const overlayClasses = 'fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in';

const WIDTHS = { sm: 'max-w-[420px]', md: 'max-w-[500px]', lg: 'max-w-[640px]', xl: 'max-w-[880px]' } as const;

type ContentProps = ComponentPropsWithoutRef<typeof DialogPrimitive.Content> & {
  width?: keyof typeof WIDTHS;
  /** Keeps the dialog open on outside clicks and Escape; also hides the close button. */
  blocking?: boolean;
};

export const DialogContent = forwardRef<HTMLDivElement, ContentProps>(function DialogContent(
  { className, children, width = 'md', blocking = false, onPointerDownOutside, onEscapeKeyDown, onInteractOutside, ...props },
  ref,
) {
  const { t } = useTranslation();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        ref={ref}
        className={cn(
          'fixed inset-0 z-50 m-auto flex h-fit max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] flex-col gap-4 overflow-y-auto',
          'rounded-md border bg-popover p-5 text-popover-foreground shadow-pop data-[state=open]:animate-fade-in sm:p-6',
          WIDTHS[width],
          className,
        )}
        onPointerDownOutside={(event) => {
          if (blocking) event.preventDefault();
          onPointerDownOutside?.(event);
        }}
        onInteractOutside={(event) => {
          if (blocking) event.preventDefault();
          onInteractOutside?.(event);
        }}
        onEscapeKeyDown={(event) => {
          if (blocking) event.preventDefault();
          onEscapeKeyDown?.(event);
        }}
        {...props}
      >
        {children}
        {!blocking && (
          <DialogPrimitive.Close
            className="absolute end-3 top-3 inline-flex size-9 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-accent hover:text-foreground"
            aria-label={t('actions.close')}
          >
            <X className="size-4" aria-hidden />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
});

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1.5 pe-8 text-start', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end', className)} {...props} />;
}

export const DialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Title>>(function DialogTitle(
  { className, ...props },
  ref,
) {
  return <DialogPrimitive.Title ref={ref} className={cn('text-lg font-semibold leading-tight', className)} {...props} />;
});

export const DialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Description>>(
  function DialogDescription({ className, ...props }, ref) {
    return <DialogPrimitive.Description ref={ref} className={cn('text-sm text-muted-foreground', className)} {...props} />;
  },
);

/** A drawer that slides in from the inline start edge (left in English, right in Arabic). */
export const SheetContent = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<typeof DialogPrimitive.Content>>(function SheetContent(
  { className, children, ...props },
  ref,
) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className={overlayClasses} />
      <DialogPrimitive.Content
        ref={ref}
        className={cn(
          'fixed inset-y-0 start-0 z-50 flex h-dvh w-72 max-w-[85vw] flex-col shadow-pop',
          'data-[state=open]:animate-slide-in-start rtl:data-[state=open]:animate-slide-in-end',
          className,
        )}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
});
