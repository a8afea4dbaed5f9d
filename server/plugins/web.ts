import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorEnvelope } from '../../core/errors.ts';
import { firstReadUrls, pageModules } from '../../core/pages.ts';
import { parseViewCookie, VIEW_COOKIE, type ViewPreferences } from '../../core/view-preferences.ts';
import { isApiUrl } from '../lib/api-url.ts';
import { registerBuildAssets } from './build-assets.ts';
import { sendHtml, streamHtml } from './compression.ts';
import { modulePreloadLink, preloadLink, renderedPageParts, stylesheetsOf, withHints } from './page-html.ts';
import type { PageRenderer } from './page-render.ts';

/**
 * Serves the built web app: hashed assets cached for a year as immutable (from memory:
 * build-assets.ts), index.html never
 * cached (it names this build's assets), every other non-API path but /assets/ answered with
 * index.html so the client router decides (and shows its own 404 page). Files are sent as the build
 * precompressed them (<file>.br, <file>.gz from scripts/build.mjs), in the encoding the browser
 * accepts, with `Vary: Accept-Encoding`.
 *
 * A page asked for by a signed-in user is rendered on the server when it can be (a renderer is
 * built, the browser has told its view: plugins/page-render.ts, page-html.ts) and streamed: its
 * head at once (styles, fonts), then the page's markup with its reads' answers, so its data shows
 * with the document, then its code (the entry and its screen's, named by `<link rel="modulepreload">`
 * from the build's page-chunks.json): served while the page renders, some thirty scripts held
 * this one process from rendering it. Otherwise index.html with its screen's code and its first reads named
 * (`<link rel="preload" as="fetch">`; core/pages.ts): the browser starts them with the document,
 * and the app's own requests for the same files and URLs take those answers. Either is the user's
 * own (`Cache-Control: private, no-cache`), compressed as API answers are (plugins/compression.ts);
 * the plain index.html goes as the build compressed it.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined, renderer?: PageRenderer) {
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  const moduleFiles = hasWeb ? readPageChunks(webDir) : {};
  // The build's index.html, read once: it names this build's files, which a new build replaces
  // together with page-chunks.json (also read once), so a new build is served after a restart.
  const html = hasWeb ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : '';
  const styles = new Map(hasWeb ? stylesheetsOf(html).map((href) => [href, readFileSync(path.join(webDir, href), 'utf8')]) : []);
  if (hasWeb) {
    registerBuildAssets(app, webDir);
    // The other files of the build (the favicon, index.html's own requests): from disk, revalidated.
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['assets/**'],
      setHeaders(res) {
        res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = isApiUrl(request.url);
    // A build's file that is not there (a page open across an upgrade asks for an old chunk) is a
    // 404, not the app's HTML under a script's name: the client can then reload the new build.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      if (!request.user) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      const code = [...new Set(pageModules(request.url).flatMap((module) => moduleFiles[module] ?? []))];
      const rendering = request.method === 'GET' ? await renderable(request, renderer) : null;
      if (rendering) {
        const parts = renderedPageParts(html, rendering.view, code, rendering.title, styles);
        return streamRenderedPage(request, privatePage(reply), rendering.renderer, rendering.view, parts);
      }
      // A page with a query string (a search, a filter) reads more than its first reads.
      const reads = /[?#]/.test(request.url) ? [] : firstReadUrls(request.url, request.user);
      if (reads.length === 0) return reply.header('cache-control', 'no-cache').sendFile('index.html');
      return sendHtml(request, privatePage(reply), withHints(html, [...code.map(modulePreloadLink), ...reads.map(preloadLink)]));
    }
    if (!isApi && !hasWeb && request.method === 'GET') {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' } satisfies ErrorEnvelope);
  });
}

/** A page of the signed-in user's own: never stored by a cache shared with anyone else. */
const privatePage = (reply: FastifyReply) => reply.header('cache-control', 'private, no-cache');

/**
 * Whether the page is one the server renders for this request, and its title and the browser's
 * view if so: a renderer is built, the user need not first change their password or set up two-factor sign-in, the browser
 * has said how it shows pages (its view cookie, written at the app's first start), and the path
 * is one of the app's pages.
 */
async function renderable(request: FastifyRequest, renderer: PageRenderer | undefined) {
  const held = request.user?.mustChangePassword || request.user?.mustSetUpTwoFactor;
  const view = renderer && !held && parseViewCookie(request.cookies[VIEW_COOKIE]);
  if (!renderer || !view) return null;
  const title = await renderer.title(request, view).catch((error: unknown) => {
    request.log.warn({ err: error }, 'the page renderer could not be loaded');
    return null;
  });
  return title === null ? null : { renderer, view, title };
}

/**
 * A page rendered on the server, streamed: its head (styles, fonts, title) at once, so the
 * browser fetches its fonts while the page renders, then #root with the page and its code. A render that fails or
 * takes too long (logged) leaves #root empty: the browser renders the page, as it does a page it
 * gets unrendered.
 */
function streamRenderedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  renderer: PageRenderer,
  view: ViewPreferences,
  parts: ReturnType<typeof renderedPageParts>,
) {
  const out = streamHtml(request, reply);
  // A browser that has gone before its page is rendered: its render, waiting its turn behind
  // others' or under way, stops (a burst of opened and closed pages would otherwise keep the
  // renderer busy for pages nobody reads).
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  void out
    .write(parts.head)
    .then(() => (gone.signal.aborted ? null : renderer.render(request, view, gone.signal)))
    .catch((error: unknown) => {
      request.log.warn({ err: error, url: request.url }, 'the page could not be rendered on the server');
      return null;
    })
    .then((page) => out.end(parts.rest(page)));
  return reply;
}

/** The build's page-chunks.json (vite.config.ts): each lazily loaded module and the files it needs; none without it. */
function readPageChunks(webDir: string): Record<string, string[]> {
  const file = path.join(webDir, 'page-chunks.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {}; // none (an older build) or unreadable: pages still load, their code after the scripts
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const valid = (files: unknown) => Array.isArray(files) && files.every((f) => typeof f === 'string' && /^assets\/[\w.-]+\.js$/.test(f));
  return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter(([, files]) => valid(files))) as Record<
    string,
    string[]
  >;
}
