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
  const search = useSearch();
  const [location, navigate] = useLocation();
  const requested = isNewRequested(search);
  // Once per request: the effect may run again before the URL has lost `new` (strict mode).
  const handled = useRef(false);
  const handle = useEffectEvent(() => {
    if (allowed) open();
    navigate(withParam(location, search, 'new', null), { replace: true });
  });

  useEffect(() => {
    if (!requested) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    handle();
  }, [requested]);
}
