/**
 * The server's renderer of a signed-in user's page: the same app, rendered to HTML on the server
 * with the answers of the page's first reads, so the page shows its data with the document
 * instead of after its scripts have loaded and run. Built by `vite build --ssr` into the
 * server's folder (scripts/build.mjs) and loaded by server/plugins/page-render.ts, which answers
 * the reads (`RenderInput.fetch`) as the API answers this user.
 *
 * The browser then takes the page over (main.tsx): it adopts the answers embedded in the page
 * (`state`) and hydrates the HTML, so it neither reads that data again nor renders it again.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import i18n from '@/lib/translator';
import { Router } from 'wouter';
import { setNetwork } from '@/lib/api';
import { byNamespace, i18nOptions } from '@/lib/i18n';
import { setDefaultTimeZone, setDisplayFormats, setRenderedAt } from '@/lib/format';
import { createQueryClient, userQuery } from '@/lib/query-client';
import type { RenderedPage as RenderedPageOf, RenderInput } from '@core/page-render.ts';
import { App } from './app/app';
import { findRoute, preloadRoute } from './app/routes';

export type { RenderInput };
export type RenderedPage = RenderedPageOf<DehydratedState>;

/** Every dictionary of every language: a server renders any page in either. */
const dictionaries = import.meta.glob<Record<string, unknown>>('./locales/*/*.json', { eager: true, import: 'default' });
const resources = {
  en: byNamespace(Object.fromEntries(Object.entries(dictionaries).filter(([file]) => file.startsWith('./locales/en/')))),
  ar: byNamespace(Object.fromEntries(Object.entries(dictionaries).filter(([file]) => file.startsWith('./locales/ar/')))),
};
const ready = i18n.init(i18nOptions(resources));

/** The reads of the render in progress go to its own `fetch` (renders overlap while they read). */
const reads = new AsyncLocalStorage<RenderInput['fetch']>();
setNetwork((input, init) => {
  const fetch = reads.getStore();
  if (!fetch) return Promise.reject(new Error('a read outside a page render'));
  // A page's render only reads: anything else would act for the user without their press.
  if ((init?.method ?? 'GET').toUpperCase() !== 'GET') return Promise.reject(new Error('only reads while a page renders'));
  return fetch(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
});

/** Resolves once no read of `client` is in flight. */
function settled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    let unsubscribe = () => {};
    const check = () => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    };
    unsubscribe = client.getQueryCache().subscribe(check);
    check();
  });
}

function timeout(ms: number): Promise<'timeout'> {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

/** The title of the page at `url` in `language` (the shell's, as app-shell.tsx sets it), or null: not a page to render. */
export function pageTitle(url: string, language: 'en' | 'ar'): string | null {
  const route = findRoute(url.split('?')[0]);
  if (!route?.page) return null;
  return `${i18n.t(`shell:routes.${route.key}.title`, { lng: language })} · ${i18n.t('common:appName', { lng: language })}`;
}

/** Renders after which a page's reads are taken as they are (a read that needs another's answer needs a second). */
const MOST_RENDERS = 3;

/**
 * The page at `url` rendered for the signed-in user whose reads `fetch` answers, or null when
 * it is not one to render on the server: not a page of the app (the browser shows its own "not
 * found"), no user (the sign-in screen), a user who must first change their password, a page
 * still to come, or it was not ready within `timeoutMs` (its reads, its turn behind the pages
 * rendered before it, its render).
 *
 * The page's first reads (its route's prefetch, as in the browser) are answered before it is
 * rendered. A read the render asks for beyond them (a record's view, a search, a read that needs
 * another's answer) is answered and the page rendered again, up to MOST_RENDERS times; one that
 * fails or is still out then is left to the browser, as the page shows it (loading).
 */
export async function renderPage(input: RenderInput): Promise<RenderedPage | null> {
  await ready;
  const [pathname, search = ''] = input.url.split('?');
  const route = findRoute(pathname);
  if (!route?.page) return null;
  const client = createQueryClient();
  const deadline = Date.now() + (input.timeoutMs ?? 3000);
  /** Runs `work` with the user's reads, within what is left of the time. */
  const reading = (work: () => Promise<unknown>) =>
    input.signal?.aborted
      ? Promise.resolve('gone' as const)
      : reads.run(input.fetch, () => Promise.race([work().then(() => 'done' as const), timeout(deadline - Date.now())]));

  let signedIn = false;
  const first = await reading(async () => {
    if (input.user) client.setQueryData(userQuery.queryKey, input.user);
    const user = input.user ?? (await client.fetchQuery(userQuery).catch(() => null));
    signedIn = !!user && !user.mustChangePassword && !user.mustSetUpTwoFactor;
    if (!signedIn) return;
    await preloadRoute(client, pathname, search, input.language);
    await Promise.all([route.page!.load(input.language), settled(client)]);
  });
  if (first !== 'done' || !signedIn) return null;

  let page: RenderedPage | null = null;
  for (let renders = 1; ; renders++) {
    // Past the deadline while other pages rendered: the browser renders this one; gone, nobody does.
    const rendered = await exclusively(() =>
      Date.now() < deadline && !input.signal?.aborted ? renderOnce(client, pathname, search, input, deadline) : Promise.resolve(null),
    );
    if (!rendered) return page;
    page = rendered;
    const unread = readsAskedFor(client);
    if (unread.length === 0 || renders === MOST_RENDERS) return page;
    const answered = await reading(() => Promise.all(unread.map((query) => query.fetch().catch(() => undefined))));
    // A read that failed or is still out: the page as rendered before it, which the browser completes.
    if (answered !== 'done' || unread.some((query) => query.state.status !== 'success')) return page;
  }
}

/**
 * The reads the last render asked for that have no answer: in the cache, never fetched, and
 * enabled (a read the page holds back until a choice is made is not one of them).
 */
function readsAskedFor(client: QueryClient) {
  return client.getQueryCache().findAll({
    predicate: (query) => {
      // The options of the component's read (useQuery's), which the cache keeps with the query.
      const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
      const on = typeof enabled === 'function' ? enabled(query) : enabled !== false;
      return on && query.state.status === 'pending' && query.state.fetchStatus === 'idle';
    },
  });
}

/** One render of the page, with the answers it was rendered with; null when it failed or took too long. */
async function renderOnce(client: QueryClient, pathname: string, search: string, input: RenderInput, deadline: number) {
  // The language and the zone are the whole process's: one page renders at a time.
  // Every dictionary is in memory, so the translator switches at once, within this call.
  void i18n.changeLanguage(input.language);
  if (i18n.language !== input.language) return null;
  setDefaultTimeZone(input.timeZone);
  setDisplayFormats(input.formats);
  const renderedAt = Date.now();
  setRenderedAt(renderedAt);
  try {
    const app = (
      <Router ssrPath={pathname} ssrSearch={search}>
        <App client={client} />
      </Router>
    );
    const html = await renderToHtml(app, deadline - Date.now(), input.onError);
    if (html === null) return null;
    return { html, state: dehydrate(client), renderedAt };
  } finally {
    setDefaultTimeZone(undefined);
    setDisplayFormats(undefined);
    setRenderedAt(undefined);
  }
}

let renders: Promise<unknown> = Promise.resolve();
/** Runs `render` once every render started before it has finished. */
function exclusively<T>(render: () => Promise<T>): Promise<T> {
  const result = renders.then(render, render);
  renders = result.catch(() => undefined);
  return result;
}

/**
 * The app's markup once all of it is ready, the parts whose code loads on demand (lazy) included,
 * so the browser hydrates them rather than rendering them again; null past `timeoutMs` or when
 * the whole render failed. A part that fails is left to the browser (React marks it) and told to
 * `onError`.
 */
function renderToHtml(app: ReactNode, timeoutMs: number, onError?: (error: unknown) => void): Promise<string | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      finish(null);
      stream.abort();
    }, timeoutMs);
    const finish = (html: string | null) => {
      clearTimeout(timer);
      resolve(html);
    };
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        if (html.includes('<script')) {
          onError?.(new Error('the render wrote a script, which the page may not run'));
          finish(null);
        } else finish(html);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Everything in place, in order: a large part is otherwise sent apart and moved into place
      // by an inline script, which the policy forbids (server/plugins/security-headers.ts).
      progressiveChunkSize: Infinity,
      onAllReady: () => stream.pipe(sink),
      onShellError: () => finish(null),
      onError: (error) => onError?.(error),
    });
  });
}
