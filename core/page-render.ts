/**
 * What the server's page renderer (web/src/entry-server.tsx, built for Node) is given and gives
 * back: the contract between it and server/plugins/page-render.ts, which loads the built module.
 */

import type { PublicUser } from './contracts/auth.ts';
import type { DateFormat, TimeFormat } from './contracts/user-settings.values.ts';

export type RenderInput = {
  /** The page's path with its query string, as the browser asked for it. */
  url: string;
  /** The signed-in user as `GET /api/user` answers (the server knows it from the session): read through `fetch` when not given. */
  user?: PublicUser;
  language: 'en' | 'ar';
  /** The browser's time zone: dates given without the workshop's zone read in it. */
  timeZone: string;
  /** The user's date and time formats as the browser keeps them (its view cookie); the defaults when not given. */
  formats?: { dateFormat: DateFormat; timeFormat: TimeFormat };
  /** Answers one GET of the API as the signed-in user (the server's own routes, in process). */
  fetch: (url: string) => Promise<Response>;
  /** How long the page may take, its reads, its turn and its renders together, before it goes unrendered (ms). */
  timeoutMs?: number;
  /** Told of an error in a part of the page, which the server then leaves to the browser to render. */
  onError?: (error: unknown) => void;
  /** Aborted when the browser has gone (closed the tab, went elsewhere): the render stops before its next read or render. */
  signal?: AbortSignal;
};

export type RenderedPage<State = unknown> = {
  /** The app's markup, for <div id="root">. */
  html: string;
  /** The page's reads and their answers, for the browser's query client (web/src/main.tsx). */
  state: State;
  /** The moment it was rendered at (ms): "now" for what it shows (web/src/lib/format.ts currentTime). */
  renderedAt: number;
};

/** The built renderer module's exports. */
export type PageRendererModule = {
  /**
   * The title of the page at `url` (path and query) in `language`, as the app sets it, when it is
   * a page the renderer may render; null otherwise. At once: the server sends the page's head
   * with it before the page is rendered.
   */
  pageTitle(url: string, language: 'en' | 'ar'): string | null;
  renderPage(input: RenderInput): Promise<RenderedPage | null>;
};
