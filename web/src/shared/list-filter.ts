import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS, useSearchParam } from './use-search-param';

/** The value of a filter's "all" choice. */
export const ALL = 'all';

/**
 * A list's search box and status filter; `filter` is what the list asks the server for. The search
 * is the page's `?q=` (useSearchParam): a link such as /estimates?q=Layla opens the list searched,
 * and the box writes back to the URL, so the back button and a shared address keep it.
 */
export function useListFilter(delay = SEARCH_DEBOUNCE_MS) {
  const search = useSearchParam(delay);
  const [status, setStatus] = useState(ALL);
  return {
    text: search.text,
    setText: search.setText,
    status,
    setStatus,
    filter: { q: search.q || undefined, status: status === ALL ? undefined : status },
    /** Searching or filtering: an empty list says "nothing matches". */
    filtered: !!search.text.trim() || status !== ALL,
    /** Typed text the list has not searched for yet. */
    searching: search.searching,
  };
}
