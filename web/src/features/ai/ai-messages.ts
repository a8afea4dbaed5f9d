import type { TFunction } from '@/lib/translator';
import { toast } from '@/components/ui/toast';
import { notifyFailure, notifySuccess } from '@/shared/messages';

/** The tabs that ask with a form (the chat ignores an empty message instead). */
export type AskTab = 'estimate' | 'maintenance' | 'parts' | 'schedule';

/** Spec section 5: missing input gives a "Missing Information" toast naming what each tab needs. */
export function toastMissing(t: TFunction, tab: AskTab) {
  toast({ variant: 'destructive', title: t('ai:missing.title'), description: t(`ai:missing.${tab}`) });
}

/** Spec section 8: "Estimation Complete", "Prediction Complete", … with what the answer stands on. */
export function toastDone(t: TFunction, tab: AskTab, description: string) {
  notifySuccess(t(`ai:done.${tab}`), description);
}

/** Spec section 8: "Estimation Failed", …, "Chat Failed", with the server's message (a model server's cause included). */
export function toastFailed(t: TFunction, tab: AskTab | 'chat', error: unknown) {
  notifyFailure(t(`ai:failed.${tab}`), error, t, 'ai');
}

/**
 * What an apply dialog does with the server's answer: on success it closes and toasts "Applied"
 * with what changed; on failure it stays open and toasts "Apply failed" with the server's message.
 */
export function appliedToast(t: TFunction, onClose: () => void, description: string) {
  return {
    onSuccess: () => {
      onClose();
      notifySuccess(t('ai:actions.applied'), description);
    },
    onError: (failure: unknown) => notifyFailure(t('ai:failed.apply'), failure, t, 'ai'),
  };
}
