/**
 * `npm run bench -- ai`: the whole AI assistant on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL),
 * its three parts one after the other, each on a database of its own (dropped and generated again):
 *
 * - ai-estimate.ts: 50,000 generated completed job cards, the leave-one-out evaluation of job
 *   estimation next to the naive baseline, then 1,000,000 job cards and the latency of
 *   estimate-job and recommend-parts;
 * - ai-sched.ts: 1,000,000 job cards with service history, 200 technicians with shifts and a month
 *   of bookings, appointments and tasks: the latency of predict-maintenance and optimize-schedule;
 * - ai-chat.ts: the workshop and billing data (999,999 job cards, 250,000 invoices): the latency of
 *   the offline chat per tool, then the chat's evaluation set on a seeded workshop.
 *
 * It ends with one verdict: the estimate beats the baseline on total cost and on hours, every
 * call's p99 is within 300 ms, and the chat answers at least 90% of the evaluation set.
 */
import type { Figures } from './lib.ts';
import type * as EstimateBench from './ai-estimate.ts';
import type * as SchedBench from './ai-sched.ts';
import type * as ChatBench from './ai-chat.ts';

const BUDGET_P99_MS = 300;
const CHAT_EVAL_MIN = 0.9;

type Estimate = Awaited<ReturnType<typeof EstimateBench.run>>;
type Sched = Awaited<ReturnType<typeof SchedBench.run>>;
type Chat = Awaited<ReturnType<typeof ChatBench.run>>;

/** One line per measured call: its p99 next to the budget. */
function latencyLines(prefix: string, results: Record<string, Figures>) {
  return Object.entries(results).map(([name, f]) => ({
    call: `${prefix}${name}`,
    p50: f.p50,
    p99: f.p99,
    withinBudget: f.p99 <= BUDGET_P99_MS,
  }));
}

export function verdict(estimate: Estimate, sched: Sched, chat: Chat) {
  const loo = estimate.estimationLeaveOneOut;
  const latency = [...latencyLines('', estimate.latencyAt1M), ...latencyLines('', sched.results), ...latencyLines('chat: ', chat.results)];
  const chatShare = chat.evaluation.correct / chat.evaluation.total;
  return {
    estimationBeatsBaseline: {
      totalCost: loo.mdapeTotalCostPct < loo.baselineMdapeTotalCostPct,
      hours: loo.mdapeHoursPct < loo.baselineMdapeHoursPct,
    },
    latency,
    allWithinBudget: latency.every((l) => l.withinBudget),
    chatEvaluation: { correct: chat.evaluation.correct, total: chat.evaluation.total, pct: Number((100 * chatShare).toFixed(1)) },
    chatEvaluationPasses: chatShare >= CHAT_EVAL_MIN,
  };
}

export async function run() {
  const estimate = await (await import('./ai-estimate.ts')).run();
  const sched = await (await import('./ai-sched.ts')).run();
  const chat = await (await import('./ai-chat.ts')).run();
  const summary = verdict(estimate, sched, chat);
  const loo = estimate.estimationLeaveOneOut;
  console.error(
    `job estimation, leave-one-out MdAPE: total cost ${loo.mdapeTotalCostPct}% (baseline ${loo.baselineMdapeTotalCostPct}%), ` +
      `hours ${loo.mdapeHoursPct}% (baseline ${loo.baselineMdapeHoursPct}%)`,
  );
  for (const l of summary.latency) console.error(`${l.withinBudget ? 'ok  ' : 'SLOW'} p99 ${l.p99} ms  ${l.call}`);
  console.error(`chat evaluation: ${summary.chatEvaluation.correct}/${summary.chatEvaluation.total} (${summary.chatEvaluation.pct}%)`);
  return { scenario: 'ai', summary, estimate, sched, chat };
}
