import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { CHAT_EVAL_QUESTIONS, runChatEval } from './chat-eval.ts';

/**
 * The offline chat's evaluation set (chat-eval-set.json: at least 60 questions, half in Arabic)
 * against a workshop seeded with the sample data; the expected answers are computed from its
 * records at run time. At least 90% must be answered correctly.
 */

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
  const seeded = await w.admin.post('/api/admin/seed-database', {});
  expect(seeded.statusCode, seeded.body).toBe(200);
}, 180_000);
afterAll(async () => t.close());

it('holds at least 60 questions, half of them in Arabic', () => {
  expect(CHAT_EVAL_QUESTIONS.length).toBeGreaterThanOrEqual(60);
  expect(CHAT_EVAL_QUESTIONS.filter((q) => q.lang === 'ar').length * 2).toBeGreaterThanOrEqual(CHAT_EVAL_QUESTIONS.length);
});

it('answers at least 90% of the evaluation set correctly', async () => {
  const result = await runChatEval(w.admin, t.database.db, w.tenantId);
  const pct = (c: number, n: number) => `${((100 * c) / n).toFixed(1)}%`;
  console.log(
    `chat evaluation: ${result.correct}/${result.total} correct (${pct(result.correct, result.total)}); ` +
      `en ${result.byLanguage.en.correct}/${result.byLanguage.en.total}, ar ${result.byLanguage.ar.correct}/${result.byLanguage.ar.total}`,
  );
  for (const f of result.failures)
    console.log(
      `  missed: ${f.question}\n    expected ${JSON.stringify(f.expected)}\n    got ${f.got.tool}: ${f.got.response.split('\n')[0]}`,
    );
  expect(result.correct / result.total).toBeGreaterThanOrEqual(0.9);
}, 120_000);
