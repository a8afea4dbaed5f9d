import { Toast as ToastPrimitive } from 'radix-ui';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';
import { dismissToast, TOAST_DURATION, useToasts, type ToastVariant } from './use-toast';

const VARIANTS: Record<ToastVariant, string> = {
  default: 'border bg-popover text-popover-foreground',
  success: 'border border-success/40 bg-popover text-popover-foreground',
  destructive: 'border border-destructive bg-destructive text-destructive-foreground',
};

/**
 * The one toast region: 5 s auto-dismiss, swipe right past 50 px, F8 focuses it, 420 px wide at
 * most. Loaded by `Toaster` (toast.tsx) at the first toast or the first key or click.
 */
export function ToastRegion() {
  const items = useToasts();
  const { t } = useTranslation();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50} label={t('toast.item')}>
      {items.map((item) => {
        const variant = item.variant ?? 'default';
        return (
          <ToastPrimitive.Root
            key={item.id}
            open={item.open}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={variant}
            className={cn(
              'group pointer-events-auto relative flex w-full items-start gap-3 overflow-hidden rounded-md p-4 pe-10 shadow-pop',
              'data-[state=open]:animate-toast-in data-[state=closed]:opacity-0 transition-opacity',
              'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)]',
              VARIANTS[variant],
            )}
          >
            {variant === 'destructive' && <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />}
            {variant === 'success' && <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />}
            <div className="flex min-w-0 flex-col gap-1">
              {item.title && <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>}
              {item.description && (
                <ToastPrimitive.Description
                  className={cn('text-sm break-words', variant === 'destructive' ? 'opacity-95' : 'text-muted-foreground')}
                >
                  {item.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label={t('actions.close')}
              className="absolute end-2 top-2 inline-flex size-7 items-center justify-center rounded-md opacity-70 transition-opacity hover:opacity-100"
            >
              <X className="size-4" aria-hidden />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        );
      })}
      <ToastPrimitive.Viewport
        hotkey={['F8']}
        data-testid="toast-viewport"
        label={t('toast.region', { hotkey: 'F8' })}
        className="fixed top-0 z-[100] flex max-h-dvh print:hidden w-full flex-col-reverse gap-2 p-4 outline-none sm:bottom-0 sm:end-0 sm:top-auto sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
