import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { withParam } from './use-search-param';

/** Whether the query asks the page to open its "new" dialog (`?new=1`). */
export function isNewRequested(search: string): boolean {
  return new URLSearchParams(search).get('new') === '1';
}

/**
 * `?new=1` (the command palette's quick actions, e.g. /job-cards?new=1): opens the page's "new"
 * dialog once when the user may create (`allowed`, the page's own permission), and takes `new`
 * out of the URL either way (replace, the other parameters kept), so reloading or going back
 * does not open it again.
 */
export function useNewParam(open: () => void, allowed: boolean) {
  useRequestParam('new', open, allowed);
}

/**
 * `?<name>=1` asks the page for an action once (`?new=1`, `?pay=1` on an invoice's view): taken
 * when `allowed` is known (undefined: not yet, e.g. the record is loading), done when true, and
 * the parameter taken out of the URL either way.
 */
export function useRequestParam(name: string, open: () => void, allowed: boolean | undefined) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = new URLSearchParams(search).get(name) === '1';
  const ready = allowed !== undefined;
  // Once per request: the effect may run again before the URL has lost the parameter (strict mode).
  const handled = useRef(false);
  const handle = useEffectEvent(() => {
    if (allowed) open();
    navigate(withParam(location, search, name, null), { replace: true });
  });

  useEffect(() => {
    if (!requested) {
      handled.current = false;
      return;
    }
    if (handled.current || !ready) return;
    handled.current = true;
    handle();
  }, [requested, ready]);
}
