// The few parts of nlp.js (https://github.com/axa-group/nlp.js, MIT) the offline chat uses;
// the packages ship JavaScript without types.
declare module '@nlpjs/core' {
  import type { NlpInstance } from '@nlpjs/nlp';
  export type Container = {
    use(plugin: unknown): void;
    registerConfiguration(tag: string, configuration: Record<string, unknown>, overwrite?: boolean): void;
    get(name: 'nlp'): NlpInstance;
  };
  export function containerBootstrap(settings?: Record<string, unknown>): Promise<Container>;
}
declare module '@nlpjs/nlp' {
  export type Classification = { intent: string; score: number };
  export type NlpResult = { locale: string; intent: string; score: number; classifications?: Classification[] };
  export type NlpInstance = {
    settings: Record<string, unknown>;
    addLanguage(locale: string | string[]): void;
    addDocument(locale: string, utterance: string, intent: string): void;
    train(): Promise<unknown>;
    process(locale: string, utterance: string): Promise<NlpResult>;
  };
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
}
declare module '@nlpjs/lang-ar' {
  export const LangAr: unknown;
}
