import type { ViewPreferences } from '../../core/view-preferences.ts';
import type { RenderedPage } from './page-render.ts';

/**
 * A page's HTML from the build's index.html: the hints that start its code and reads with the
 * document, and, when the server rendered it, its markup, title and reads' answers. Pure string
 * work on index.html as the build writes it (web/index.html); a part it cannot find is left as
 * it is.
 */

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A preload of one API read, sent with the session cookie as the app's own fetch is. */
export function preloadLink(url: string): string {
  return `<link rel="preload" href="${escapeAttribute(url)}" as="fetch" crossorigin="use-credentials" />`;
}

/** A preload of one of the build's scripts, as index.html's own are. */
export function modulePreloadLink(file: string): string {
  return `<link rel="modulepreload" crossorigin href="/${escapeAttribute(file)}" />`;
}

/** index.html with these hints (links) added at the end of its head. */
export function withHints(html: string, hints: string[]): string {
  // A function, not a string: "$&" and the like in a replacement string would be expanded.
  return html.replace('</head>', () => `${hints.join('')}</head>`);
}

/**
 * JSON inside <script type="application/json">: a data block the browser never runs (the
 * policy allows no inline script), and which no text can end early: every "<" is written as
 * \u003c, so neither "</script>" nor "<!--" can appear in it.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** index.html's read of the user: a rendered page carries the user with its other reads. */
const USER_PRELOAD = /\s*<!--[^>]*-->\s*<link rel="preload" href="\/api\/user"[^>]*>|\s*<link rel="preload" href="\/api\/user"[^>]*>/;

/**
 * The page as the server rendered it: `<html>` in the browser's language, direction, theme and
 * contrast; the page's title; the app's markup in #root, `inert` until the app has taken it over
 * (web/src/app/app.tsx); its reads' answers in #page-state (web/src/main.tsx adopts them); the
 * page's code named in the head. No read of the user: its answer is among the page's.
 */
export function renderedHtml(html: string, page: RenderedPage, view: ViewPreferences, code: string[]): string {
  const classes = [view.theme === 'dark' && 'dark', view.highContrast && 'high-contrast'].filter(Boolean).join(' ');
  const htmlTag = `<html lang="${view.language}" dir="${view.language === 'ar' ? 'rtl' : 'ltr'}"${classes ? ` class="${classes}"` : ''}>`;
  const state = jsonForScript({ language: view.language, renderedAt: page.renderedAt, queries: page.state });
  return withHints(html, code.map(modulePreloadLink))
    .replace(/<html[^>]*>/, () => htmlTag)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace(USER_PRELOAD, '')
    .replace(
      '<div id="root"></div>',
      () => `<div id="root" inert>${page.html}</div><script type="application/json" id="page-state">${state}</script>`,
    );
}
