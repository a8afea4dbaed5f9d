import { useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** The value of a filter's "all" choice. */
export const ALL = 'all';

/** A list's search box and status filter; `filter` is what the list asks the server for. */
export function useListFilter(delay = 300) {
  const [text, setText] = useState('');
  const [status, setStatus] = useState(ALL);
  const q = useDebouncedValue(text.trim(), delay);
  return {
    text,
    setText,
    status,
    setStatus,
    filter: { q: q || undefined, status: status === ALL ? undefined : status },
    /** Searching or filtering: an empty list says "nothing matches". */
    filtered: !!text.trim() || status !== ALL,
  };
}
