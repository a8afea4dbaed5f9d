import { describe, expect, it } from 'vitest';
import type { ViewPreferences } from '../../core/view-preferences.ts';
import { renderedPageParts } from './page-html.ts';

/** index.html as vite writes it: the entry script and its preloads in the head. */
const BUILT =
  '<!doctype html><html lang="en" dir="ltr"><head><title>Workbay</title>\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-AbC123.css">\n' +
  '    <link rel="preload" as="font" type="font/woff2" href="/assets/inter-400.woff2" crossorigin="">\n' +
  '    <script type="module" crossorigin src="/assets/index-AbC123.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/react-XyZ.js">\n' +
  '  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>';

const VIEW: ViewPreferences = { language: 'ar', theme: 'light', highContrast: false, timeZone: 'UTC' };
const PAGE = { html: '<main><p data-testid="customer-row">Rania</p></main>', state: { queries: [] }, renderedAt: 1 };

describe('a rendered page’s HTML', () => {
  const parts = renderedPageParts(BUILT, VIEW, ['assets/customers-page-Q1.js'], 'العملاء', new Map([['/assets/index-AbC123.css', '.a{}']]));

  it('sends no code in the head, which goes at once: the server renders the page without serving scripts meanwhile', () => {
    expect(parts.head).not.toMatch(/<script|modulepreload/);
    expect(parts.head).toContain('<style>.a{}</style>');
    expect(parts.head).toContain('rel="preload" as="font"');
    expect(parts.head).toContain('<html lang="ar" dir="rtl"');
    expect(parts.head).toContain('<title>العملاء</title>');
  });

  it('names the code after the page and its answers, the entry first, then its preloads and the page’s own', () => {
    const rest = parts.rest(PAGE);
    const order = ['data-testid="customer-row"', 'id="page-state"', 'src="/assets/index-AbC123.js"', 'href="/assets/react-XyZ.js"'];
    const at = order.map((text) => rest.indexOf(text));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    expect(rest).toContain('<link rel="modulepreload" crossorigin href="/assets/customers-page-Q1.js" />');
    expect(rest.match(/<script type="module"/g)).toHaveLength(1);
    expect(rest).toMatch(/<\/body>\s*<\/html>$/);
  });

  it('still loads the code when the page could not be rendered: the browser then renders it', () => {
    const rest = parts.rest(null);
    expect(rest.startsWith('<div id="root"></div><script type="module" crossorigin src="/assets/index-AbC123.js"></script>')).toBe(true);
    expect(rest).toContain('href="/assets/customers-page-Q1.js"');
  });
});
