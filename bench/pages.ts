// Pages benchmark (not a test): every page of the navigation of the built app, loaded in headless
// Chromium as the signed-in admin of a seeded workshop, against issue 14's budgets (PRODUCT.md):
// JS per page <= 200 kB gzip, the page's data visible within 200 ms (median), LCP < 500 ms
// (median), server RSS <= 200 MiB on PostgreSQL / <= 400 MiB embedded after mixed list traffic
// from 50 clients, embedded cold start on an existing data folder < 2 s.
//   npm run bench -- pages                                   (embedded database only)
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1:5432/postgres npm run bench -- pages
//   BENCH_NO_BUILD=1 ...                                     (use the dist/ already built)
//   BENCH_PAGES=/,/tasks ...                                 (only these pages; the verdicts then cover them only)
//   BENCH_SCRIPTS=1 ...                                      (list each page's scripts, gzip kB, once)
//   BENCH_BROWSER_RENDER=1 ...                               (no view cookie: every page rendered by the browser)
// Each load is a returning browser's: its session cookie and the view cookie the app writes at
// its first start (core/view-preferences.ts), so the server renders the page with its data.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../e2e/chromium.ts';
import { VIEW_COOKIE, viewCookieValue } from '../core/view-preferences.ts';
import {
  buildApp,
  freshData,
  listPaths,
  loadAverage,
  loadTest,
  median,
  registerAndSeed,
  round,
  rssMiB,
  startApp,
  type AppServer,
  type LoadFigures,
  type Mode,
  type Workshop,
} from './app-process.ts';

const RUNS = Number(process.env.BENCH_PAGE_RUNS ?? 5);
const SETTLE_MS = 300;
const CLIENTS = 50;
const MIXED_SECONDS = Number(process.env.BENCH_MIXED_SECONDS ?? 15);

const BUDGET = { jsKB: 200, dataMs: 200, lcpMs: 500, rssPostgres: 200, rssEmbedded: 400, coldStartMs: 2000 };

/**
 * The first data item of each page: a CSS selector, and a pattern its text must match (a row
 * with text, a tile with a number). The data is "visible" at the first animation frame after
 * the item is in the document (a MutationObserver in the page sees it as React inserts it; the
 * next requestAnimationFrame callback is the frame that paints it; its performance.now() is the
 * time, from navigation start). Pages that show no seeded data wait for what shows their answer.
 */
const PAGES: Record<string, { css: string; text?: string; note?: string }> = {
  '/': { css: '[data-testid="stat-totalTechnicians"] p:last-child', text: '^\\d+$' },
  '/analytics': { css: '[data-testid="figure-invoiced"] [data-testid="figure-value"]', note: 'this month: the invoiced figure' },
  '/activity': { css: '[data-testid="activity-item"]' },
  '/technicians': { css: '[data-testid="technician-card"]' },
  '/tasks': { css: '[data-testid="board-task"]' },
  '/schedule': { css: '[data-testid="schedule-event"]' },
  '/shifts': { css: '[data-testid="shift-row"]' },
  '/job-cards': { css: '[data-testid="job-card-row"]' },
  '/bookings': { css: '[data-testid="booking-row"]' },
  '/appointments': { css: '[data-testid="appointment-row"]' },
  '/customers': { css: '[data-testid="customer-row"]' },
  '/vehicles': { css: '[data-testid="vehicle-row"]' },
  '/inventory': { css: '[data-testid="part-row"]' },
  '/fleet': { css: '[data-testid="fleet-row"]' },
  '/estimates': { css: '[data-testid="estimate-row"]' },
  '/invoices': { css: '[data-testid="invoice-row"]' },
  '/ai-assistant': { css: '[data-testid="estimate-form"]', note: 'no data: the form' },
  '/users': { css: '[data-testid="user-row"]' },
  '/audit-log': { css: '[data-testid="audit-row"]' },
  '/settings': { css: '[data-testid="settings-preview"]', note: 'settings form' },
  '/profile': { css: 'main', text: '@bench_admin', note: 'own profile' },
  '/notifications': { css: '[data-testid="notifications-empty"], [data-testid="notifications-page"] li', note: 'none seeded: empty list' },
};

/** The navigation's pages: APP_ROUTES entries of web/src/app/routes.ts that have a `page`. */
function navigationPages(): string[] {
  const source = readFileSync(new URL('../web/src/app/routes.ts', import.meta.url), 'utf8');
  const routes = [...source.matchAll(/\{\s*path: '([^']+)'([^{}]*)\}/g)].filter((m) => /\bpage:/.test(m[2])).map((m) => m[1]);
  const missing = routes.filter((p) => !PAGES[p]);
  if (missing.length) throw new Error(`bench/pages.ts: give these pages a data selector in PAGES: ${missing.join(', ')}`);
  const only = process.env.BENCH_PAGES?.split(',').filter(Boolean);
  return only ? routes.filter((p) => only.includes(p)) : routes;
}

type Load = {
  dataMs: number;
  lcpMs: number;
  jsFiles: number;
  /** The page's scripts gzipped (the budget's measure): their bodies fetched again with Accept-Encoding: gzip. */
  jsKB: number;
  /** The same scripts' bodies as the browser got them (encodedBodySize: brotli here), kB. */
  jsSentKB: number;
  requests: number;
  firstApiMs: number | null;
  /** The page's HTML as sent, kB. */
  htmlKB: number;
  /** How the app took the page over (#root data-render): hydrated, recovered or client. */
  render: string;
};
export type PageFigures = { path: string; note?: string } & Load & { runs: Load[] };

/**
 * Runs in the page from its first script: marks when the first data item is in the document.
 * A string, not a function: tsx (esbuild's keepNames) would add calls to its own helper to a
 * function's source, which the page does not have.
 */
const watchForData = ({ css, text }: { css: string; text?: string }) => `{
  const css = ${JSON.stringify(css)};
  const pattern = new RegExp(${JSON.stringify(text ?? '\\S')});
  const observer = new MutationObserver(() => {
    if (![...document.querySelectorAll(css)].some((el) => pattern.test((el.textContent || '').trim()))) return;
    observer.disconnect();
    requestAnimationFrame(() => (window.__dataVisible = performance.now()));
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}`;

/** Read in the page after the data is visible and a settle: LCP, scripts and requests. */
function readFigures(): Promise<Omit<Load, 'dataMs' | 'jsKB'> & { scripts: string[] }> {
  return new Promise((resolve) => {
    let lcp = NaN;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    setTimeout(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const scripts = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
      const api = resources.filter((r) => {
        const p = new URL(r.name).pathname;
        return p.startsWith('/api/') && p !== '/api/user';
      });
      const document = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      resolve({
        htmlKB: (document?.encodedBodySize ?? NaN) / 1024,
        render: window.document.getElementById('root')?.dataset.render ?? 'none',
        lcpMs: lcp,
        jsFiles: scripts.length,
        jsSentKB: scripts.reduce((sum, r) => sum + r.encodedBodySize, 0) / 1024,
        scripts: scripts.map((r) => new URL(r.name).pathname),
        requests: resources.length + 1,
        firstApiMs: api.length ? Math.min(...api.map((r) => r.startTime)) : null,
      });
    }, 0);
  });
}

const gzipSizes = new Map<string, Promise<number>>();

/**
 * A script's body as the server sends it to a client that accepts gzip only, in bytes. Chromium
 * asks http://127.0.0.1 for brotli too (what it got is `jsSentKB`); the budget is in gzip.
 */
function gzipBytes(base: string, script: string): Promise<number> {
  if (!gzipSizes.has(script))
    gzipSizes.set(
      script,
      new Promise((resolve, reject) => {
        http
          .get(base + script, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
            let bytes = 0;
            res.on('data', (chunk: Buffer) => (bytes += chunk.length));
            res.on('end', () => resolve(bytes));
          })
          .on('error', reject);
      }),
    );
  return gzipSizes.get(script)!;
}

const listed = new Set<string>();

async function loadPage(browser: Browser, base: string, cookie: string, path: string): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  try {
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    if (!process.env.BENCH_BROWSER_RENDER) {
      const view = viewCookieValue({ language: 'en', theme: 'light', highContrast: false, timeZone: 'UTC' });
      await context.addCookies([{ name: VIEW_COOKIE, value: encodeURIComponent(view), url: base }]);
    }
    const page = await context.newPage();
    await page.addInitScript(watchForData(PAGES[path]));
    await page.goto(base + path, { waitUntil: 'commit' });
    const handle = await page.waitForFunction(() => (window as unknown as { __dataVisible?: number }).__dataVisible, null, {
      timeout: 15_000,
    });
    const dataMs = (await handle.jsonValue()) as number;
    await page.waitForTimeout(SETTLE_MS);
    const { scripts, ...figures } = await page.evaluate(readFigures);
    const gzip = await Promise.all(scripts.map((script) => gzipBytes(base, script)));
    if (process.env.BENCH_SCRIPTS && !listed.has(path)) {
      listed.add(path);
      const rows = scripts.map((script, i) => `    ${(gzip[i] / 1024).toFixed(1).padStart(6)} kB  ${script}`);
      console.error(`  ${path} scripts (gzip):\n${rows.join('\n')}`);
    }
    return { dataMs, ...figures, jsKB: gzip.reduce((a, b) => a + b, 0) / 1024 };
  } finally {
    await context.close();
  }
}

async function measurePages(browser: Browser, server: AppServer, workshop: Workshop): Promise<PageFigures[]> {
  const figures: PageFigures[] = [];
  for (const path of navigationPages()) {
    const runs: Load[] = [];
    try {
      await loadPage(browser, server.url, workshop.cookie, path); // warm-up: the server's first call of each route
      for (let i = 0; i < RUNS; i++) runs.push(await loadPage(browser, server.url, workshop.cookie, path));
    } catch (error) {
      // A page whose data never shows (changed markup, a failing call) is reported, not fatal.
      if (server.proc.exitCode !== null)
        throw new Error(`the ${server.mode} server exited:\n${server.output().slice(-2000)}`, { cause: error });
      console.error(`  ${server.mode} ${path}: FAILED ${String(error).split('\n')[0]}`);
      figures.push({
        path,
        note: `failed: ${String(error).split('\n')[0]}`,
        dataMs: NaN,
        lcpMs: NaN,
        jsFiles: NaN,
        jsKB: NaN,
        jsSentKB: NaN,
        requests: NaN,
        firstApiMs: null,
        htmlKB: NaN,
        render: 'none',
        runs,
      });
      continue;
    }
    const m = (key: Exclude<keyof Load, 'render'>) => round(median(runs.map((r) => r[key] ?? NaN)));
    const renders = [...new Set(runs.map((r) => r.render))].map(
      (how) => `${how} ${runs.filter((r) => r.render === how).length}/${runs.length}`,
    );
    figures.push({
      path,
      note: PAGES[path].note,
      dataMs: m('dataMs'),
      lcpMs: m('lcpMs'),
      jsFiles: m('jsFiles'),
      jsKB: m('jsKB'),
      jsSentKB: m('jsSentKB'),
      requests: m('requests'),
      firstApiMs: m('firstApiMs'),
      htmlKB: m('htmlKB'),
      render: renders.join(', '),
      runs,
    });
    const f = figures.at(-1)!;
    console.error(
      `  ${server.mode} ${path}: data ${f.dataMs} ms, LCP ${f.lcpMs} ms, JS ${f.jsFiles} files ${f.jsKB} kB gzip, HTML ${f.htmlKB} kB, ${f.render}`,
    );
  }
  return figures;
}

/** 50 clients of mixed list traffic; the server's RSS sampled every half second, and after. */
async function mixedTraffic(server: AppServer, workshop: Workshop) {
  const paths = listPaths(workshop.tenantId);
  let peak = rssMiB(server.pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 500);
  const load: LoadFigures = await loadTest({
    base: server.url,
    concurrency: CLIENTS,
    seconds: MIXED_SECONDS,
    headers: { cookie: workshop.cookie, 'accept-encoding': 'gzip' },
    next: (client, i) => paths[(client + i) % paths.length](client + i),
  }).finally(() => clearInterval(sampler));
  return { ...load, rssPeakMiB: peak, rssAfterMiB: rssMiB(server.pid) };
}

export type ModeFigures = {
  mode: Mode;
  seeded: Record<string, number>;
  rssStartMiB: number;
  rssBeforePagesMiB: number;
  rssAfterPagesMiB: number;
  pages: PageFigures[];
  coldStartMs?: { median: number; runs: number[]; rssMiB: number };
  mixed: Awaited<ReturnType<typeof mixedTraffic>>;
};

async function runMode(browser: Browser, mode: Mode): Promise<ModeFigures> {
  const data = await freshData(mode, 'pages');
  let server = await startApp(data.dataDir, data.databaseUrl);
  try {
    const rssStartMiB = rssMiB(server.pid);
    const workshop = await registerAndSeed(server.url);
    const rssBeforePagesMiB = rssMiB(server.pid);
    const pages = await measurePages(browser, server, workshop);
    const rssAfterPagesMiB = rssMiB(server.pid);
    let coldStartMs: ModeFigures['coldStartMs'];
    if (mode === 'embedded') {
      const runs: number[] = [];
      for (let i = 0; i < 3; i++) {
        await server.stop();
        server = await startApp(data.dataDir);
        runs.push(round(server.startMs, 0));
      }
      coldStartMs = { median: median(runs), runs, rssMiB: rssMiB(server.pid) };
    }
    const mixed = await mixedTraffic(server, workshop);
    return { mode, seeded: workshop.seeded, rssStartMiB, rssBeforePagesMiB, rssAfterPagesMiB, pages, coldStartMs, mixed };
  } finally {
    await server.stop();
    await data.drop();
  }
}

function table(modes: ModeFigures[]): string {
  const lines = [
    '| page | mode | data visible (ms) | LCP (ms) | JS files | JS kB gzip | JS kB as sent | HTML kB | requests | first /api (ms) | taken over |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const path of modes[0].pages.map((p) => p.path))
    for (const m of modes) {
      const p = m.pages.find((x) => x.path === path)!;
      const flag = (v: number, budget: number) => (v > budget ? `**${v}**` : String(v));
      lines.push(
        `| ${path}${p.note ? ` (${p.note})` : ''} | ${m.mode} | ${flag(p.dataMs, BUDGET.dataMs)} | ${flag(p.lcpMs, BUDGET.lcpMs - 0.1)} | ${p.jsFiles} | ${flag(p.jsKB, BUDGET.jsKB)} | ${p.jsSentKB} | ${p.htmlKB} | ${p.requests} | ${p.firstApiMs} | ${p.render} |`,
      );
    }
  lines.push(
    '',
    '| server | start | seeded | after the page loads | cold start (median of 3) | mixed traffic: req/s, p50 / p99 ms, errors | RSS peak / after |',
    '|---|---|---|---|---|---|---|',
  );
  for (const m of modes)
    lines.push(
      `| ${m.mode} | ${m.rssStartMiB} MiB | ${m.rssBeforePagesMiB} MiB | ${m.rssAfterPagesMiB} MiB | ${m.coldStartMs ? `${m.coldStartMs.median} ms (${m.coldStartMs.runs.join(', ')})` : '–'} | ${m.mixed.rps}, ${m.mixed.p50} / ${m.mixed.p99}, ${m.mixed.errors} | ${m.mixed.rssPeakMiB} / ${m.mixed.rssAfterMiB} MiB |`,
    );
  return lines.join('\n');
}

function verdicts(modes: ModeFigures[]): string[] {
  const over = (key: 'jsKB' | 'dataMs' | 'lcpMs', budget: number, strict = false) =>
    modes.flatMap((m) => m.pages.filter((p) => (strict ? p[key] >= budget : p[key] > budget)).map((p) => `${p.path} ${m.mode} ${p[key]}`));
  const line = (name: string, misses: string[]) =>
    `${misses.length ? 'MISS' : 'ok  '} ${name}${misses.length ? `: ${misses.length > 8 ? `${misses.length} page medians over, e.g. ${misses.slice(0, 4).join('; ')}` : misses.join('; ')}` : ''}`;
  const failed = modes.flatMap((m) => m.pages.filter((p) => Number.isNaN(p.dataMs)).map((p) => `${p.path} ${m.mode}`));
  const out = [
    ...(failed.length ? [`FAIL data never visible (see the table): ${failed.join('; ')}`] : []),
    line(`JS per page <= ${BUDGET.jsKB} kB gzip`, over('jsKB', BUDGET.jsKB)),
    line(`data visible <= ${BUDGET.dataMs} ms (median)`, over('dataMs', BUDGET.dataMs)),
    line(`LCP < ${BUDGET.lcpMs} ms (median)`, over('lcpMs', BUDGET.lcpMs, true)),
  ];
  for (const m of modes) {
    const budget = m.mode === 'postgres' ? BUDGET.rssPostgres : BUDGET.rssEmbedded;
    out.push(
      line(`RSS ${m.mode} <= ${budget} MiB after mixed traffic`, m.mixed.rssAfterMiB > budget ? [`${m.mixed.rssAfterMiB} MiB`] : []),
    );
    if (m.coldStartMs)
      out.push(
        line(
          `embedded cold start < ${BUDGET.coldStartMs} ms`,
          m.coldStartMs.median >= BUDGET.coldStartMs ? [`${m.coldStartMs.median} ms`] : [],
        ),
      );
  }
  return out;
}

export async function run() {
  buildApp();
  const loadBefore = loadAverage();
  const started = new Date().toISOString();
  const browser = await launchBrowser();
  const modes: ModeFigures[] = [];
  try {
    modes.push(await runMode(browser, 'embedded'));
    if (process.env.BENCH_DATABASE_URL) modes.push(await runMode(browser, 'postgres'));
    else console.error('BENCH_DATABASE_URL not set: embedded database only');
  } finally {
    await browser.close();
  }
  const loadAfter = loadAverage();
  const verdict = verdicts(modes);
  console.error(`\n${table(modes)}\n\n${verdict.join('\n')}\nload average before ${loadBefore}, after ${loadAfter}\n`);
  return { started, loadBefore, loadAfter, budgets: BUDGET, runsPerPage: RUNS, verdict, modes };
}
