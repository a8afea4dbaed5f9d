import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Translator } from './translator';

function translator() {
  const i18n = new Translator();
  void i18n.init({
    lng: 'en',
    fallbackLng: 'en',
    defaultNS: 'common',
    resources: {
      en: {
        common: { save: 'Save', greeting: 'Hello {{name}}', spaced: 'Hi {{ name }}!', nested: { deeper: { text: 'Deep' } } },
        billing: { total: 'Total: {{amount}}', onlyEnglish: 'English only' },
      },
      ar: { common: { save: 'حفظ', greeting: 'مرحبا {{name}}', empty: '' }, billing: { total: 'المجموع: {{amount}}' } },
    },
  });
  return i18n;
}

describe('the translator', () => {
  it('looks a key up by path in the namespace and language asked for, then in English', () => {
    const i18n = translator();
    expect(i18n.t('save')).toBe('Save');
    expect(i18n.t('nested.deeper.text')).toBe('Deep');
    expect(i18n.t('billing:total', { amount: 5 })).toBe('Total: 5');
    expect(i18n.t('total', { ns: 'billing', amount: '7.00' })).toBe('Total: 7.00');
    expect(i18n.t('save', { lng: 'ar' })).toBe('حفظ');
    expect(i18n.t('billing:onlyEnglish', { lng: 'ar' })).toBe('English only');
    // An empty text is a text: no fallback.
    expect(i18n.t('empty', { lng: 'ar', defaultValue: 'x' })).toBe('');
    // A key that names a group, not a text, is not found.
    expect(i18n.t('nested.deeper')).toBe('nested.deeper');
  });

  it('fixes a language and a namespace, which options still override', () => {
    const i18n = translator();
    const t = i18n.getFixedT('ar', 'billing');
    expect(t('total', { amount: 3 })).toBe('المجموع: 3');
    expect(t('common:save')).toBe('حفظ');
    expect(t('total', { lng: 'en', amount: 3 })).toBe('Total: 3');
  });

  it('fills placeholders: a value given, a value given as nothing, a value not given', () => {
    const i18n = translator();
    expect(i18n.t('greeting', { name: 'Sam' })).toBe('Hello Sam');
    expect(i18n.t('spaced', { name: 'Sam' })).toBe('Hi Sam!');
    expect(i18n.t('greeting', { name: undefined })).toBe('Hello ');
    expect(i18n.t('greeting', { name: null })).toBe('Hello ');
    expect(i18n.t('greeting')).toBe('Hello {{name}}');
    expect(i18n.t('greeting', { name: '{{name}} $& $1' })).toBe('Hello {{name}} $& $1');
  });

  it('gives the default value, or the key without its namespace, for a key found nowhere', () => {
    const i18n = translator();
    expect(i18n.t('billing:serverErrors.nope', { defaultValue: '' })).toBe('');
    expect(i18n.t('missing.key', { defaultValue: 'Missing {{n}}', n: 2 })).toBe('Missing 2');
    expect(i18n.t('billing:serverErrors.nope')).toBe('serverErrors.nope');
  });

  it('tells of a new language and of each dictionary added, merged into what is there', () => {
    const i18n = translator();
    const heard: string[] = [];
    i18n.on('languageChanged', (language) => heard.push(`language ${language}`));
    i18n.store.on('added', (language, namespace) => heard.push(`added ${language}/${namespace}`));
    expect(i18n.hasResourceBundle('ar', 'tasks')).toBe(false);
    i18n.addResourceBundle('ar', 'tasks', { title: 'المهام' });
    i18n.addResourceBundle('en', 'common', { nested: { other: 'Other' } });
    void i18n.changeLanguage('ar');
    void i18n.changeLanguage('ar');
    expect(heard).toEqual(['added ar/tasks', 'added en/common', 'language ar']);
    expect(i18n.hasResourceBundle('ar', 'tasks')).toBe(true);
    expect(i18n.t('tasks:title')).toBe('المهام');
    expect(i18n.t('nested.other', { lng: 'en' })).toBe('Other');
    expect(i18n.t('nested.deeper.text', { lng: 'en' })).toBe('Deep');
    expect(i18n.language).toBe('ar');
  });

  it('reads every dictionary of the app as the app writes them: nested strings, {{name}} placeholders, no plurals, contexts or nesting', () => {
    const locales = fileURLToPath(new URL('../locales/', import.meta.url));
    const problems: string[] = [];
    const walk = (file: string, node: unknown, path: string[]) => {
      if (typeof node === 'string') {
        const braces = node.replace(/\{\{\s*\w+\s*\}\}/g, '');
        if (braces.includes('{{') || braces.includes('}}') || node.includes('$t(')) problems.push(`${file}: ${path.join('.')}`);
        return;
      }
      if (typeof node !== 'object' || node === null || Array.isArray(node)) return problems.push(`${file}: ${path.join('.')} is not text`);
      for (const [key, value] of Object.entries(node)) {
        if (/[.:]/.test(key) || /_(zero|one|two|few|many|other|male|female)$/.test(key))
          problems.push(`${file}: key ${[...path, key].join('.')}`);
        walk(file, value, [...path, key]);
      }
    };
    let files = 0;
    for (const language of readdirSync(locales, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const name of readdirSync(`${locales}${language.name}`).filter((n) => n.endsWith('.json'))) {
        walk(`${language.name}/${name}`, JSON.parse(readFileSync(`${locales}${language.name}/${name}`, 'utf8')), []);
        files++;
      }
    }
    expect(files).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });
});
