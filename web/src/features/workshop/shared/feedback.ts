import type { TFunction } from '@/lib/translator';
import { errorMessage } from '@/lib/errors';
import { toast } from '@/components/ui/toast';

/**
 * The workshop screens' toasts (spec section 8): successes titled "Success", failures "Error"
 * with the server's message, falling back to the screen's own text for that action.
 * `t` is bound to a namespace with `toast.success` and `toast.error`.
 */
export function toastSuccess(t: TFunction, description: string) {
  toast({ variant: 'success', title: t('toast.success'), description });
}

export function toastFailure(t: TFunction, error: unknown, fallback: string) {
  toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t, fallback) || fallback });
}
