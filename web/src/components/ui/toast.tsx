import { useEffect, useState, type ComponentType } from 'react';
import { useToasts } from './use-toast';

export { toast, dismissToast } from './use-toast';

const loadRegion = () => import('./toast-region').then((module) => module.ToastRegion);

/**
 * Where toasts show. The region's code (radix's toast) is not part of what a page needs to show
 * itself: it loads at the first key press or click (what precedes nearly every toast) or at the
 * first toast, whichever comes first. A toast raised before it has loaded waits in the store
 * (use-toast.ts) and shows when it has.
 */
export function Toaster() {
  const wanted = useToasts().length > 0;
  const [Region, setRegion] = useState<ComponentType | null>(null);
  const [requested, setRequested] = useState(false);

  useEffect(() => {
    if (requested) return;
    const request = () => setRequested(true);
    const events = ['pointerdown', 'keydown'] as const;
    for (const event of events) window.addEventListener(event, request, { capture: true, once: true });
    return () => {
      for (const event of events) window.removeEventListener(event, request, { capture: true });
    };
  }, [requested]);

  useEffect(() => {
    if (Region || !(wanted || requested)) return;
    let live = true;
    const attempt = (retries: number): void => {
      loadRegion()
        .then((region) => live && setRegion(() => region))
        // A failed download (a network blip) is tried again shortly, then at the next toast.
        .catch(() => live && retries > 0 && setTimeout(() => attempt(retries - 1), 1000));
    };
    attempt(3);
    return () => {
      live = false;
    };
  }, [Region, wanted, requested]);

  return Region ? <Region /> : null;
}
