import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';

/** How long typing pauses before the list searches. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * `path` with the query `search` in which `name` is set to `value`, or removed when `value` is
 * empty or null; the other parameters stay as they were ("/jobs", "a=1", "q", "x" -> "/jobs?a=1&q=x").
 */
export function withParam(path: string, search: string, name: string, value: string | null): string {
  const params = new URLSearchParams(search);
  if (value) params.set(name, value);
  else params.delete(name);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * A search box bound to the page's `?q=`: `text` follows every key stroke, `q` (what the list
 * asks the server for) follows the URL, written `delay` ms after typing stops. The URL keeps the
 * search across the record views and the back button, and the top bar's search lands in it.
 */
export function useSearchParam(delay = SEARCH_DEBOUNCE_MS) {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const q = (new URLSearchParams(search).get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const written = useRef(q);

  // The URL changed from elsewhere (top bar, back button): show its search.
  useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setText(q);
    }
  }, [q]);

  useEffect(() => {
    const next = text.trim();
    if (next === written.current) return;
    const timer = setTimeout(() => {
      written.current = next;
      navigate(withParam(location, search, 'q', next), { replace: true });
    }, delay);
    return () => clearTimeout(timer);
  }, [text, search, location, navigate, delay]);

  return { text, setText, q, searching: text.trim() !== q };
}
