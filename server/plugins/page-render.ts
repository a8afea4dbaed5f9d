import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { PageRendererModule, RenderedPage } from '../../core/page-render.ts';
import type { ViewPreferences } from '../../core/view-preferences.ts';
import { isApiUrl } from '../lib/api-url.ts';

export type { RenderedPage };

/** The server's page renderer (web/src/entry-server.tsx as built), for the requests of signed-in users. */
export type PageRenderer = {
  /** The title of the page `request` asks for, in `view`'s language, when it is one to render; null otherwise. */
  title(request: FastifyRequest, view: ViewPreferences): Promise<string | null>;
  /** The page `request` asks for, rendered as its signed-in user sees it, or null (see renderPage); none once `signal` is aborted. */
  render(request: FastifyRequest, view: ViewPreferences, signal?: AbortSignal): Promise<RenderedPage | null>;
};

/**
 * The page's own request headers that its reads do not carry: what belongs to the page's body,
 * its connection, its caching or its encoding (a read's answer is read here, never compressed).
 */
const NOT_FORWARDED = new Set([
  'accept',
  'accept-encoding',
  'connection',
  'content-length',
  'content-type',
  'if-modified-since',
  'if-none-match',
  'keep-alive',
  'range',
  'transfer-encoding',
  'upgrade',
]);

/** How long a page's reads, and then its render, may take before it is sent unrendered (the browser then does both). */
const RENDER_TIMEOUT_MS = 3000;

/**
 * The server's page renderer from the built `file` (none when it is not there: the API tests,
 * a server built without the web app). Each read the page makes is the API's own answer to the
 * same request the browser would send (its session cookie, host and address), through the app
 * in process (`inject`): every guard, role and workshop check applies as it would to the
 * browser's. The module loads at the first page.
 */
export function pageRenderer(app: FastifyInstance, file: string | undefined): PageRenderer | undefined {
  if (!file || !existsSync(file)) return undefined;
  let module: Promise<PageRendererModule> | undefined;
  const load = () => (module ??= import(pathToFileURL(file).href) as Promise<PageRendererModule>);
  return {
    async title(request, view) {
      return (await load()).pageTitle(request.url, view.language);
    },
    async render(request, view, signal) {
      const { renderPage } = await load();
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (value !== undefined && !NOT_FORWARDED.has(name)) headers[name] = value;
      }
      headers.accept = 'application/json';
      return renderPage({
        url: request.url,
        user: request.user ?? undefined,
        language: view.language,
        timeZone: view.timeZone,
        formats: { dateFormat: view.dateFormat ?? 'MM/DD/YYYY', timeFormat: view.timeFormat ?? '12h' },
        timeoutMs: RENDER_TIMEOUT_MS,
        signal,
        fetch: (url) => read(app, url, headers, request.ip),
        onError: (error) => request.log.warn({ err: error, url: request.url }, 'a part of the page is left to the browser to render'),
      });
    },
  };
}

/** One GET of the API, answered by the app in process, as a fetch Response. */
async function read(app: FastifyInstance, url: string, headers: Record<string, string | string[]>, ip: string): Promise<Response> {
  if (!url.startsWith('/') || !isApiUrl(url)) throw new Error(`not an API read: ${url}`);
  const res = await app.inject({ method: 'GET', url, headers, remoteAddress: ip });
  const answer = new Headers();
  for (const [name, value] of Object.entries(res.headers)) {
    if (name === 'set-cookie' || value === undefined) continue;
    answer.set(name, Array.isArray(value) ? value.join(', ') : String(value));
  }
  const bodyless = res.statusCode === 204 || res.statusCode === 304;
  return new Response(bodyless ? null : res.payload, { status: res.statusCode, headers: answer });
}
