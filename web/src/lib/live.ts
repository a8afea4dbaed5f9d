import { createContext, createElement, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SESSION_ENDED_CLOSE, type LiveMessage } from '@core/contracts/live.ts';
import { showsEntity } from './query-keys';
import { AUTH_USER_QUERY_KEY, SESSIONS_QUERY_KEY, USER_QUERY_KEY } from './query-client';

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;

/** Exponential back-off: 1 s, 2 s, 4 s ... capped at 30 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
}

/** The live channel on the page's own host: ws: for http pages, wss: for https. */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'>): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`;
}

/** A message from the channel, or null (logged) when it is not JSON with a type. */
export function parseLiveMessage(data: unknown): LiveMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed: unknown = JSON.parse(data);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string') return parsed as LiveMessage;
    console.warn('Live channel: message without a type', parsed);
  } catch (error) {
    console.warn('Live channel: message is not JSON', error);
  }
  return null;
}

/**
 * What a message means for cached reads: the reads that show the changed entity (ENTITY_READS in
 * query-keys.ts, the map mutations use too), e.g. `invoices` refreshes invoices, the estimates
 * and job cards that link to them, and the dashboard. A message without an entity, `all` (sample
 * data) or an entity this client does not know refreshes every workshop read; never the user.
 */
export function applyLiveMessage(message: LiveMessage, queryClient: QueryClient): boolean {
  if (message.type !== 'update' && message.type !== 'task_assigned') return false;
  const entity = message.type === 'task_assigned' ? 'tasks' : (message.entity ?? 'all');
  // `access`: an admin changed someone's permission overrides or the workshop's modules: the
  // signed-in user (which carries both) is read again, so the navigation and the pages follow.
  if (entity === 'access') {
    void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
  }
  // `sessions`: sent to this user alone when one of their sessions started or ended elsewhere.
  if (entity === 'sessions') {
    void queryClient.invalidateQueries({ queryKey: SESSIONS_QUERY_KEY });
    return true;
  }
  void queryClient.invalidateQueries({ predicate: (query) => showsEntity(query, [entity]) });
  return true;
}

type Listener = (message: LiveMessage) => void;
type LiveContextValue = { connected: boolean; subscribe: (listener: Listener) => () => void };

const LiveContext = createContext<LiveContextValue>({ connected: false, subscribe: () => () => undefined });

/** Opens the live channel while `enabled` (signed in) and keeps it open with back-off reconnects. */
export function LiveProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const listeners = useRef(new Set<Listener>());
  const [value] = useState<Omit<LiveContextValue, 'connected'>>(() => ({
    subscribe: (listener) => {
      listeners.current.add(listener);
      return () => listeners.current.delete(listener);
    },
  }));

  useEffect(() => {
    if (!enabled || typeof WebSocket === 'undefined') return;
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;
    let wasDisconnected = false;

    const scheduleReconnect = () => {
      if (stopped) return;
      wasDisconnected = true;
      timer = setTimeout(connect, reconnectDelay(attempt));
      attempt += 1;
    };

    function connect() {
      try {
        socket = new WebSocket(liveUrl(window.location));
      } catch (error) {
        console.warn('Live channel: cannot connect', error);
        scheduleReconnect();
        return;
      }
      socket.onopen = () => {
        attempt = 0;
        setConnected(true);
        // Anything may have changed while we were away.
        if (wasDisconnected) void queryClient.invalidateQueries();
      };
      socket.onmessage = (event) => {
        const message = parseLiveMessage(event.data);
        if (!message) return;
        applyLiveMessage(message, queryClient);
        for (const listener of listeners.current) listener(message);
      };
      socket.onerror = (event) => {
        console.warn('Live channel: connection error', event);
        setConnected(false);
      };
      socket.onclose = (event) => {
        socket = null;
        setConnected(false);
        // This session ended (signed out from another session, the account deactivated): read the
        // user again, which lands a signed-out browser on the sign-in page; a session that goes on
        // under a new cookie (a password change here) stays.
        if (event.code === SESSION_ENDED_CLOSE) void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        scheduleReconnect();
      };
    }

    connect();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
      setConnected(false);
    };
  }, [enabled, queryClient]);

  return createElement(LiveContext.Provider, { value: { connected, subscribe: value.subscribe } }, children);
}

/** `connected` is true while the live channel is open. */
export function useLive(): LiveContextValue {
  return useContext(LiveContext);
}

/** Calls `listener` for every message (e.g. to toast "Real-time Update" on a screen). */
export function useLiveMessages(listener: Listener) {
  const { subscribe } = useLive();
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  }, [listener]);
  useEffect(() => subscribe((message) => latest.current(message)), [subscribe]);
}
