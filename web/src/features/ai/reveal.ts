import { useCallback, useRef } from 'react';
import { useTranslation } from '@/lib/translation';
import { useAiAddress } from './ai-address';
import { toastDone, toastFailed, type AskTab } from './ai-messages';

/**
 * The result beside a form: on a phone it sits below the form, so an answer that arrives there is
 * scrolled into view (on a wide screen it is already beside the form and nothing moves).
 */
export function useReveal<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const reveal = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const top = element.getBoundingClientRect().top;
    if (top > window.innerHeight * 0.6 || top < 0) element.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, []);
  return { ref, reveal };
}

type AddressChanges = Parameters<ReturnType<typeof useAiAddress>['set']>[0];

/**
 * What every asking tab does with its answer: `place` puts it in the address (so it reopens on
 * return), the result is scrolled into view on a phone and "… Complete" says what it stands on
 * (`describe`); a failure says the server's message.
 */
export function useAskAnswer(tab: AskTab) {
  const { t } = useTranslation('ai');
  const address = useAiAddress();
  const { ref: resultRef, reveal } = useReveal<HTMLDivElement>();
  const answered = <A>(place: (answer: A) => AddressChanges, describe: (answer: A) => string) => ({
    onSuccess: (answer: A) => {
      address.set(place(answer));
      reveal();
      toastDone(t, tab, describe(answer));
    },
    onError: (error: unknown) => toastFailed(t, tab, error),
  });
  return { address, resultRef, answered };
}

/** The direction of a text from its first strong letter (Arabic script: right to left). */
export function textDirection(text: string): 'rtl' | 'ltr' {
  const first = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFEFC]/.exec(text);
  return first && /[\u0590-\u08FF\uFB1D-\uFEFC]/.test(first[0]) ? 'rtl' : 'ltr';
}
