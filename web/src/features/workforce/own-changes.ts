import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveMessage } from '@core/contracts/live.ts';

/** How long after this browser's own change a live message is still taken as its echo. */
export const ECHO_WINDOW_MS = 3000;

/** Whether a live message is about tasks or the technicians they belong to. */
export function isTaskMessage(message: LiveMessage): boolean {
  if (message.type === 'task_assigned') return true;
  return message.type === 'update' && (message.entity === undefined || ['tasks', 'technicians', 'all'].includes(message.entity));
}

/**
 * `isOwnEcho()` is true while this browser has a change in flight or just made one: the live
 * channel's message is then the echo of our own change, not someone else's.
 * (The channel does not say who made a change.)
 */
export function useOwnChanges() {
  const queryClient = useQueryClient();
  const last = useRef(0);
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        // Only a mutation's own life counts (observers re-register on every render).
        if (event.type === 'added' || event.type === 'updated') last.current = Date.now();
      }),
    [queryClient],
  );
  return () => queryClient.isMutating() > 0 || Date.now() - last.current < ECHO_WINDOW_MS;
}
