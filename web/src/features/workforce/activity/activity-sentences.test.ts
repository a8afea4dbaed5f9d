import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, ACTIVITY_DETAILS } from '@core/contracts/activity.values.ts';
import en from '@/locales/en/dashboard.json';
import ar from '@/locales/ar/dashboard.json';

/**
 * Every action the server records reads as a sentence of its own in both languages, built from
 * the details that action records (core/contracts/activity.values.ts): no raw action names, no
 * placeholder left unfilled, no detail left out.
 */
const placeholders = (sentence: string) => [...sentence.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe.each([
  ['en', en.activity.actions as Record<string, string>],
  ['ar', ar.activity.actions as Record<string, string>],
])('the activity sentences in %s', (_language, sentences) => {
  it.each(ACTIVITY_ACTIONS)('%s has one, naming who and every detail it records', (action) => {
    expect(sentences[action], action).toBeTruthy();
    expect(placeholders(sentences[action])).toEqual(['user', ...ACTIVITY_DETAILS[action]].sort());
  });

  it('has one for an action it does not know, naming only who', () => {
    expect(placeholders(sentences.other)).toEqual(['user']);
  });

  it('has none for an action the server does not record', () => {
    expect(Object.keys(sentences).filter((key) => key !== 'other' && !ACTIVITY_ACTIONS.includes(key as never))).toEqual([]);
  });
});
