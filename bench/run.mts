// `npm run bench -- <scenario>`: runs a benchmark and writes bench/results/<scenario>.json.
import { writeFileSync, mkdirSync } from 'node:fs';

const scenarios: Record<string, () => Promise<unknown>> = {
  'field-service': async () => (await import('./field-service.ts')).run(),
  scheduling: async () => (await import('./scheduling.ts')).run(),
  workshop: async () => (await import('./workshop.ts')).run(),
  'workshop-embedded': async () => (await import('./workshop.ts')).runEmbedded(),
  billing: async () => (await import('./billing.ts')).run(),
  ai: async () => (await import('./ai.ts')).run(),
  'ai-estimate': async () => (await import('./ai-estimate.ts')).run(),
  'ai-chat': async () => (await import('./ai-chat.ts')).run(),
  'ai-sched': async () => (await import('./ai-sched.ts')).run(),
  analytics: async () => (await import('./analytics.ts')).run(),
  'analytics-embedded': async () => (await import('./analytics.ts')).runEmbedded(),
  search: async () => (await import('./search.ts')).run(),
  pages: async () => (await import('./pages.ts')).run(),
  throughput: async () => (await import('./throughput.ts')).run(),
  audit: async () => (await import('./audit.ts')).run(),
};

const name = process.argv[2] ?? 'field-service';
const scenario = scenarios[name];
if (!scenario) {
  console.error(`unknown scenario ${name}; known: ${Object.keys(scenarios).join(', ')}`);
  process.exit(1);
}
const result = await scenario();
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL(`./results/${name}.json`, import.meta.url), JSON.stringify(result, null, 2));
console.log(JSON.stringify(result, null, 2));
