import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from './chromium';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { createTestDatabase } from '../server/test/databases.ts';
import { parseViewCookie, VIEW_COOKIE, viewCookieValue } from '../core/view-preferences.ts';
import { startServerProcess } from '../server/test/process.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
export const RESULTS_DIR = path.join(root, 'test-results');

export type TestServer = { url: string; stop(): Promise<void> };

/**
 * A fresh Workbay server for one test file: the compiled server (`node dist/server/main.js` as
 * `npm start` runs it, built by global-setup.ts into a folder of its own) on a free port,
 * a new temp DATA_DIR, and on PostgreSQL (TEST_DATABASE_URL) a fresh database of its own; on the
 * embedded database, a copy of the new installation's database global-setup.ts made.
 * `extraEnv` adds settings of its own (e.g. a model server for the AI chat).
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'workbay-e2e-'));
  const database = await createTestDatabase();
  const env: Record<string, string> = {
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WEB_DIR: inject('webDir'),
    // Every browser test opens workshops of its own from this one address.
    REGISTRATIONS_PER_HOUR: '100000',
    ...extraEnv,
  };
  if (database.url) env.DATABASE_URL = database.url;
  else cpSync(inject('databaseTemplate'), path.join(dataDir, 'db'), { recursive: true });
  try {
    const server = await startServerProcess(env, 60_000, [inject('serverFile')]);
    return {
      url: server.url,
      async stop() {
        try {
          await server.stop();
        } finally {
          await database.drop();
          rmSync(dataDir, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}

export { launchBrowser } from './chromium';

export const DESKTOP = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** The server each context of newContext talks to. */
const contextBases = new WeakMap<BrowserContext, string>();

export async function newContext(browser: Browser, baseURL: string, options: { viewport?: { width: number; height: number } } = {}) {
  const phone = options.viewport?.width === PHONE.width;
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? DESKTOP,
    deviceScaleFactor: 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'en-US',
    timezoneId: 'UTC',
  });
  contextBases.set(context, baseURL);
  context.on('page', waitForTakeOverOnNavigation);
  return context;
}

/**
 * A page's loads (goto, reload, back and forward) return once the app has taken the page over, as
 * a person waits for it: a page the server rendered shows before its scripts have run and is
 * inert until then, and a press or a key in that moment would go nowhere. A load that sends no
 * HTML (a file), sends a page that is not the app's (the API docs: no `#root`), or asks to wait
 * only for the first byte (`waitUntil: 'commit'`), returns as Playwright returns it.
 */
function waitForTakeOverOnNavigation(page: Page) {
  const settle = async (response: Awaited<ReturnType<Page['goto']>>, waitUntil?: string) => {
    const html = response && waitUntil !== 'commit' && (response.headers()['content-type'] ?? '').startsWith('text/html');
    if (html && (await page.locator('#root').count()) > 0) await takenOver(page);
    return response;
  };
  const { goto, reload, goBack, goForward } = page;
  page.goto = async (url, options) => settle(await goto.call(page, url, options), options?.waitUntil);
  page.reload = async (options) => settle(await reload.call(page, options), options?.waitUntil);
  page.goBack = async (options) => settle(await goBack.call(page, options), options?.waitUntil);
  page.goForward = async (options) => settle(await goForward.call(page, options), options?.waitUntil);
}

/**
 * Waits until the app has taken the page over, and says how (web/src/main.tsx): 'hydrated' (the
 * server rendered it with its data, main.tsx adopted both), 'recovered' (rendered again in the
 * browser where the two differed) or 'client' (the server sent it unrendered).
 */
export async function takenOver(page: Page): Promise<string> {
  const root = page.locator('#root:not([inert])[data-render]:not([data-render="hydrating"])');
  await root.waitFor({ state: 'attached' });
  return (await root.getAttribute('data-render'))!;
}

/**
 * Forgets the browser's view cookie, so that its next page load is rendered by the browser (the
 * app writes the cookie again when it starts): to see what a page shows while its reads load.
 */
export async function forgetView(page: Page) {
  await page.context().clearCookies({ name: VIEW_COOKIE });
}

/**
 * Chooses the interface language for the page's next loads as the app's own menu does: kept in
 * the browser's storage, and in the view cookie by which the server renders its pages
 * (core/view-preferences.ts), so a page rendered on the server is in that language too.
 */
export async function chooseLanguage(page: Page, language: 'en' | 'ar') {
  await page.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
  const context = page.context();
  const url = contextBases.get(context);
  if (!url) throw new Error('chooseLanguage: a context made by newContext');
  const current = (await context.cookies(url)).find((cookie) => cookie.name === VIEW_COOKIE);
  const view = parseViewCookie(current && decodeURIComponent(current.value)) ?? {
    theme: 'light' as const,
    highContrast: false,
    timeZone: 'UTC',
  };
  await context.addCookies([{ name: VIEW_COOKIE, value: encodeURIComponent(viewCookieValue({ ...view, language })), url }]);
}

/**
 * Collects uncaught page errors and console errors of a context, leaving out the browser's own
 * "Failed to load resource" lines (a 401 from the first user lookup is expected).
 */
export function trackErrors(context: BrowserContext): string[] {
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(`pageerror: ${error.error().message}`));
  context.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(`console: ${message.text()}`);
  });
  return errors;
}

let counter = 0;
export type Account = { username: string; password: string; firstName: string; lastName: string; email: string };

/** A unique account per test: every registration after the first opens its own workshop. */
export function newAccount(prefix = 'user'): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return {
    username: `${prefix}_${id}`,
    password: 'correct-horse-battery',
    firstName: 'Sam',
    lastName: 'Rivera',
    email: `${prefix}_${id}@example.com`,
  };
}

/** Registers through the API with the context's cookie jar (a signed-in context). */
export async function registerViaApi(context: BrowserContext, account: Account, extra: { completeOnboarding?: boolean } = {}) {
  const res = await context.request.post('/api/register', { data: account });
  expect(res.status(), await res.text()).toBe(201);
  if (extra.completeOnboarding) {
    const done = await context.request.put('/api/user/profile', { data: { hasCompletedOnboarding: true } });
    expect(done.status(), await done.text()).toBe(200);
  }
  return (await res.json()) as { id: number; tenantId: number; username: string };
}

/** A JSON POST (or PUT) through a context's cookie jar that must answer `status` (201 unless told); its body. */
export async function send<T = { id: number }>(
  request: APIRequestContext,
  url: string,
  data: object,
  { method = 'post', status = 201 }: { method?: 'post' | 'put' | 'patch'; status?: number } = {},
): Promise<T> {
  const res = await request[method](url, { data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status);
  return (await res.json()) as T;
}

/**
 * A staff account the admin's context creates in its workshop, signed in in a browser context of
 * its own, past the first-sign-in password change and the onboarding.
 */
export async function staffMember(
  browser: Browser,
  admin: BrowserContext,
  role: 'manager' | 'technician',
  name: { firstName: string; lastName: string } = { firstName: 'Sam', lastName: 'Rivera' },
) {
  const account = newAccount(role);
  const user = await send<{ id: number }>(admin.request, '/api/users', {
    username: account.username,
    email: account.email,
    password: account.password,
    role,
    ...name,
  });
  const context = await newContext(browser, contextBases.get(admin)!);
  const login = await context.request.post('/api/login', { data: { username: account.username, password: account.password } });
  expect(login.status(), await login.text()).toBe(200);
  const password = `${role}-pass-12345`;
  const changed = await context.request.post('/api/user/password', { data: { currentPassword: account.password, newPassword: password } });
  expect(changed.status(), await changed.text()).toBe(204);
  await send(context.request, '/api/user/profile', { hasCompletedOnboarding: true }, { method: 'put', status: 200 });
  return { context, user, account: { ...account, password } };
}

/** Fills and submits the Register tab of /auth. */
export async function registerViaUi(page: Page, account: Account) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await page.getByLabel('First name').fill(account.firstName);
  await page.getByLabel('Last name').fill(account.lastName);
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

/** Fills and submits the Login tab of /auth. */
export async function loginViaUi(page: Page, username: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login to Dashboard' }).click();
}

/** Waits until the browser's path is `pathname`. */
export async function waitForPath(page: Page, pathname: string) {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 15_000 });
}

/** Waits until the element's CSS animations and transitions (a drawer sliding in) have finished. */
export async function animationsDone(locator: Locator) {
  await locator.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
}

/** Saves a full-page screenshot into test-results/ (git-ignored) for a person to look at. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(RESULTS_DIR, `${name}.png`), fullPage: false });
}

/** The toast viewport (by test id: a modal dialog hides the rest of the page from role queries). */
export function toastRegion(page: Page) {
  return page.getByTestId('toast-viewport');
}

/** One fresh server and one browser for a test file, started before its tests and stopped after. */
export function useServerAndBrowser(): { readonly server: TestServer; readonly browser: Browser } {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    [env.server, env.browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}
