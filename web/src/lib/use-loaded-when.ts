import { useEffect, useState } from 'react';

/**
 * A module loaded the first time it is `wanted`, then kept; null until it is in. Unlike
 * `lazy()` behind Suspense, what shows meanwhile (a skeleton, nothing) gives way the moment the
 * module is in: React holds a Suspense fallback's content back for 300 ms once the fallback has
 * shown. Dialogs a person opens now and then, a tab's code.
 */
export function useLoadedWhen<T>(wanted: boolean, load: () => Promise<T>): T | null {
  const [loaded, setLoaded] = useState<{ module: T } | null>(null);
  useEffect(() => {
    if (!wanted || loaded) return;
    let current = true;
    void load().then((module) => current && setLoaded({ module }));
    return () => {
      current = false;
    };
  }, [wanted, loaded, load]);
  return loaded?.module ?? null;
}
