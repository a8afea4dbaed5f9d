import { byNamespace } from './i18n';

/** Arabic's core dictionaries (the shell's namespaces), in one chunk loaded when Arabic is chosen. */
export default byNamespace(
  import.meta.glob<Record<string, unknown>>('../locales/ar/{common,shell,auth,onboarding,placeholder,account}.json', {
    eager: true,
    import: 'default',
  }),
);
