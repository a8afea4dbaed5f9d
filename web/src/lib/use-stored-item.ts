import { useSyncExternalStore } from 'react';

const unchanging = () => () => {};

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * An item this browser keeps (localStorage), read while rendering: none on the server, and none
 * while the browser takes over a page the server rendered (so both draw the same thing), then
 * what is stored. Read again at each render; a change written elsewhere shows at the next one.
 */
export function useStoredItem(key: string): string | null {
  return useSyncExternalStore(
    unchanging,
    () => readItem(key),
    () => null,
  );
}
