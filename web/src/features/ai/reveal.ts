import { useCallback, useRef } from 'react';

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

/** The direction of a text from its first strong letter (Arabic script: right to left). */
export function textDirection(text: string): 'rtl' | 'ltr' {
  const first = /[A-Za-z\u00C0-\u024F\u0590-\u08FF\uFB1D-\uFEFC]/.exec(text);
  return first && /[\u0590-\u08FF\uFB1D-\uFEFC]/.test(first[0]) ? 'rtl' : 'ltr';
}
