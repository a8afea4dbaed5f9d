import { viewClasses, type ViewPreferences } from '../../core/view-preferences.ts';
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

/** A stylesheet of the build in index.html (`<link rel="stylesheet" ... href="/assets/...css">`), its address captured. */
const STYLESHEET_LINK = /<link rel="stylesheet"[^>]*\bhref="(\/assets\/[\w.-]+\.css)"[^>]*>/g;

/** index.html's stylesheets of the build: their addresses. */
export function stylesheetsOf(html: string): string[] {
  return [...html.matchAll(STYLESHEET_LINK)].map((match) => match[1]);
}

/**
 * index.html with its stylesheets written into it (`styles`: their text by address), those it
 * has. A rendered page then paints as soon as it arrives, its styles not waiting for a server busy
 * rendering it: some 10 kB more of a compressed page. The policy allows inline styles
 * (security-headers.ts); a text that could end its element early is left as a link.
 */
function withInlineStyles(html: string, styles: ReadonlyMap<string, string>): string {
  return html.replace(STYLESHEET_LINK, (link, href: string) => {
    const css = styles.get(href);
    return css === undefined || /<\/style/i.test(css) ? link : `<style>${css}</style>`;
  });
}

/** Where the app's markup goes in index.html. */
const ROOT = '<div id="root"></div>';

/** index.html's code: its module script and the files it preloads (as the build writes them, and modulePreloadLink). */
const CODE = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/** index.html split for rendered pages: the head without code, the code, what follows #root. */
type PreparedTemplate = { head: string; scripts: string; tail: string; hints: boolean };

const NO_STYLES: ReadonlyMap<string, string> = new Map();

let prepared: { html: string; styles: ReadonlyMap<string, string>; template: PreparedTemplate } | undefined;

/**
 * The work on index.html that is the same for every page (its styles inlined, its code taken out
 * of the head, its read of the user dropped), done once per template: scanning some 70 kB of
 * inlined styles with these patterns cost every render about half a millisecond.
 */
function preparedTemplate(html: string, styles: ReadonlyMap<string, string>): PreparedTemplate {
  if (prepared?.html === html && prepared.styles === styles) return prepared.template;
  const document = withInlineStyles(html, styles).replace(USER_PRELOAD, '');
  const at = document.indexOf(ROOT);
  const before = at < 0 ? document : document.slice(0, at);
  const template = {
    head: before.replace(CODE, ''),
    scripts: (before.match(CODE) ?? []).map((tag) => tag.trim()).join(''),
    tail: at < 0 ? '' : document.slice(at + ROOT.length),
    // The page's own code is named where the head ends (withHints): none without one.
    hints: before.includes('</head>'),
  };
  prepared = { html, styles, template };
  return template;
}

/**
 * A page the server renders, in two parts sent one after the other: `head`, everything before
 * #root but the code, sent at once (the browser fetches the fonts while the page renders), and
 * `rest(page)`, #root with the rendered page, then the code (index.html's entry script and
 * preloads, and `code`, the page's own), then the rest of index.html. The code comes after the
 * page, not with the head: the server that renders the page also serves the scripts, and some
 * thirty of them asked for while it renders put the page 100-150 ms later on a 2-core machine
 * (bench/README.md). Its styles are in it (`styles`, withInlineStyles). `<html>` is in the
 * browser's language, direction, theme, contrast, font size and density, the title the page's;
 * no read of the user (its answer comes with the page's). The markup is
 * `inert` until the app has taken it over (web/src/app/app.tsx); its reads' answers are in
 * #page-state (web/src/main.tsx adopts them). Without a page (its render failed), #root is empty
 * and the browser renders it, reading what it needs.
 */
export function renderedPageParts(
  html: string,
  view: ViewPreferences,
  code: string[],
  title: string,
  styles: ReadonlyMap<string, string> = NO_STYLES,
) {
  const classes = viewClasses(view).join(' ');
  const htmlTag = `<html lang="${view.language}" dir="${view.language === 'ar' ? 'rtl' : 'ltr'}"${classes ? ` class="${classes}"` : ''}>`;
  const template = preparedTemplate(html, styles);
  const head = template.head
    .replace(/<html[^>]*>/, () => htmlTag)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
  const scripts = template.scripts + (template.hints ? code.map(modulePreloadLink).join('') : '');
  const { tail } = template;
  return {
    head,
    rest(page: RenderedPage | null) {
      if (!page) return `${ROOT}${scripts}${tail}`;
      const state = jsonForScript({ language: view.language, renderedAt: page.renderedAt, queries: page.state });
      return `<div id="root" inert>${page.html}</div><script type="application/json" id="page-state">${state}</script>${scripts}${tail}`;
    },
  };
}
