import { byNamespace } from './i18n';

/** The Arabic dictionaries, in one chunk loaded when Arabic is chosen. */
export default byNamespace(import.meta.glob<Record<string, unknown>>('../locales/ar/*.json', { eager: true, import: 'default' }));
