import type { NlpInstance } from '@nlpjs/nlp';
import { foldWord, wordsOf, type ChatLanguage } from '../../../core/rules/chat-entities.ts';
import { CHAT_CORPUS, QUESTION_WORDS, type Intent } from './chat-corpus.ts';

/**
 * The offline chat's intent model: nlp.js (a maintained NLU library with English and Arabic
 * tokenisers and stemmers) trained from chat-corpus.ts at first use, in well under a second, and
 * kept in memory for the life of the process. No network, no model download.
 */

/** Below this score an intent is a guess: the chat says what it can answer instead. */
export const INTENT_THRESHOLD = 0.6;

let model: Promise<NlpInstance> | undefined;

async function train(): Promise<NlpInstance> {
  // Loaded with the first question, not at every start of the server.
  const [{ containerBootstrap }, { Nlp }, { LangEn }, { LangAr }] = await Promise.all([
    import('@nlpjs/core'),
    import('@nlpjs/nlp'),
    import('@nlpjs/lang-en'),
    import('@nlpjs/lang-ar'),
  ]);
  const container = await containerBootstrap();
  // nlp.js's own defaults for every language's classifier, with its training log off.
  container.registerConfiguration('nlu-??', {
    keepStopwords: true,
    nonefeatureValue: 1,
    nonedeltaMultiplier: 1.2,
    spellCheck: false,
    spellCheckDistance: 1,
    filterZeros: true,
    log: false,
  });
  container.use(Nlp);
  container.use(LangEn);
  container.use(LangAr);
  const nlp = container.get('nlp');
  nlp.settings.autoSave = false;
  nlp.settings.autoLoad = false;
  nlp.settings.calculateSentiment = false;
  nlp.addLanguage(['en', 'ar']);
  for (const [intent, sentences] of Object.entries(CHAT_CORPUS)) {
    for (const s of sentences.en) nlp.addDocument('en', s, intent);
    for (const s of sentences.ar) nlp.addDocument('ar', s, intent);
  }
  await nlp.train();
  return nlp;
}

/** The trained model (trained once; concurrent first callers share the training). */
export function intentModel(): Promise<NlpInstance> {
  model ??= train().catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

export type Classified = { intent: Intent; score: number };

/** The question's intent and the model's confidence; 'None' when nothing fits. */
export async function classify(language: ChatLanguage, text: string): Promise<Classified> {
  const nlp = await intentModel();
  const result = await nlp.process(language, text.slice(0, 500));
  const intent = (result.intent in CHAT_CORPUS ? result.intent : 'None') as Intent;
  return { intent, score: result.score ?? 0 };
}

/** Arabic letters a word may carry in front (and, with, for, like, the). */
const ARABIC_PREFIXES = ['وال', 'بال', 'لل', 'كال', 'فال', 'ال', 'و', 'ب', 'ل', 'ف', 'ك'];

let vocabulary: Set<string> | undefined;
/** Every word of the corpus and the question words, folded. */
function questionVocabulary(): Set<string> {
  if (vocabulary) return vocabulary;
  const words = new Set<string>();
  const add = (text: string) => {
    for (const w of wordsOf(text)) words.add(foldWord(w));
  };
  for (const sentences of Object.values(CHAT_CORPUS)) [...sentences.en, ...sentences.ar].forEach(add);
  add(QUESTION_WORDS.en);
  add(QUESTION_WORDS.ar);
  vocabulary = words;
  return words;
}

function isQuestionWord(word: string): boolean {
  const words = questionVocabulary();
  const folded = foldWord(word);
  if (words.has(folded) || /^\d{1,2}$/.test(folded)) return true;
  for (const p of ARABIC_PREFIXES) {
    if (folded.startsWith(p) && folded.length - p.length >= 3 && words.has(folded.slice(p.length))) return true;
  }
  return false;
}

/**
 * The words of a question that are not question words, in order, as typed: what names a
 * customer, a vehicle or a technician ("find customer Layla Al-Mansouri" → "Layla Al-Mansouri").
 * Words the caller already read (a period, a plate) can be left out.
 */
export function residualWords(text: string, without: string[] = []): string[] {
  const skip = new Set(without.flatMap((w) => wordsOf(w)).map(foldWord));
  return wordsOf(text)
    .map((w) => w.replace(/['’]s$/i, ''))
    .filter((w) => w && !isQuestionWord(w) && !skip.has(foldWord(w)));
}
