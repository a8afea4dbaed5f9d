// Summarises a V8 CPU profile (node --cpu-prof; BENCH_CPU_PROF=<dir> makes the bench's servers
// write one): self time by package and by function, and the inclusive time of the functions
// that hold the most (a function counted once per sample however deep it recurses).
//   node --import tsx bench/cpu-profile.mts <file.cpuprofile> [rows] [last seconds]
// With `last seconds`, only the samples of the profile's last N seconds count: a load test's
// steady state without the server's start, migrations and seeding before it.
// Not a benchmark of its own: a reading aid for where a server's time goes.
import { readFileSync } from 'node:fs';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node --import tsx bench/cpu-profile.mts <file.cpuprofile> [rows] [last seconds]');
  process.exit(1);
}
const rows = Number(rowsArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

/** node_modules/<package> (scoped too), node:internal, the app's bundle, or V8's own entries. */
function packageOf(frame: CallFrame): string {
  const url = frame.url;
  if (!url) return frame.functionName.startsWith('(') ? frame.functionName : '(native)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) return 'node';
  if (url.includes('/dist/server/')) return 'app (dist/server)';
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

const label = (frame: CallFrame) => {
  const where = frame.url ? `${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/')}:${frame.lineNumber + 1}` : '';
  return `${frame.functionName || '(anonymous)'} ${where}`.trim();
};

const from = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
const self = new Map<number, number>();
let total = 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at < from) return;
  self.set(id, (self.get(id) ?? 0) + dt);
  total += dt;
});

const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const node = byId.get(id)!;
  add(byPackage, packageOf(node.callFrame), us);
  add(byFunction, label(node.callFrame), us);
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const key = label(byId.get(at)!.callFrame);
    if (seen.has(key)) continue;
    seen.add(key);
    add(inclusive, key, us);
  }
}

const idle = byFunction.get('(idle)') ?? 0;
const busy = total - idle;
const ms = (us: number) => (us / 1000).toFixed(0).padStart(7);
const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)}%`;
const top = (map: Map<string, number>, n: number, skip = new Set(['(idle)', '(root)'])) =>
  [...map]
    .filter(([k]) => !skip.has(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, us]) => `${ms(us)} ms ${pct(us)}  ${k}`)
    .join('\n');

console.log(
  `${file}\nsampled ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (percentages of busy)\n`,
);
console.log(`self time by package:\n${top(byPackage, rows)}\n`);
console.log(`self time by function:\n${top(byFunction, rows)}\n`);
console.log(`inclusive time by function:\n${top(inclusive, rows, new Set(['(idle)', '(root)', '(program)']))}`);
