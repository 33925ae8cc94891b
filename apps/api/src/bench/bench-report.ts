/** The benchmark's table, its verdicts against the targets of the issue, and bench/results.md. */
import os from 'node:os';

export type Row = {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  errors: number;
};

export type Context = {
  date: string;
  events: number;
  database: string;
  serverVersion: string;
  connections: number;
  durationS: number;
  loadBefore: number[];
  loadAfter: number[];
  seedS: number;
  eventDays: number;
  /** The map order's run after the seed; absent with --unordered. */
  order?: { ms: number; moved: number };
  day: string;
};

export type Verdict = { target: string; measured: string; ok: boolean };

export function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
  };
}

const num = (n: number, digits = 0) =>
  n.toLocaleString('en-CA', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const kb = (bytes: number) => (bytes >= 1024 ? `${num(bytes / 1024, 1)} KB` : `${bytes} B`);
const load = (l: number[]) => l.map((v) => v.toFixed(2)).join(' / ');

export function table(rows: Row[]): string {
  const header = ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'body', 'errors+non-2xx'];
  const lines = rows.map((r) => [r.name, num(r.rps), num(r.p50, 1), num(r.p99, 1), kb(r.bytes), String(r.errors)]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

export function verdictLines(verdicts: Verdict[]): string {
  return verdicts.map((v) => `- ${v.ok ? 'PASS' : 'FAIL'} ${v.target}: ${v.measured}`).join('\n');
}

/** The import's section of bench/results.md (issue 25). */
export function importSection(imports: { verdicts: Verdict[]; notes: string[] }): string {
  return `## Import (issue 25)

${verdictLines(imports.verdicts)}

${imports.notes.map((n) => `- ${n}`).join('\n')}
`;
}

/** bench/results.md with its import section replaced by `section` (put before the notes when it has none). */
export function withImportSection(results: string, section: string): string {
  const start = results.indexOf('## Import (issue 25)');
  if (start >= 0) {
    const end = results.indexOf('\n## ', start + 1);
    return `${results.slice(0, start)}${section}${end >= 0 ? results.slice(end) : ''}`;
  }
  const notes = results.indexOf('## Notes');
  if (notes < 0) return `${results.trimEnd()}\n\n${section}`;
  return `${results.slice(0, notes)}${section}\n${results.slice(notes)}`;
}

export function markdown(
  context: Context,
  rows: Row[],
  verdicts: Verdict[],
  notes: string[],
  plans: string[],
  imports?: { verdicts: Verdict[]; notes: string[] },
): string {
  const m = machine();
  return `# API benchmark

Written by \`npm run bench\` (scripts/bench-api.ts) on ${context.date}. Numbers from one run on a shared machine:
compare them with the load average below.

| | |
|:--|:--|
| machine | ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB memory, ${m.os} |
| load average (1/5/15 min) | when the measurements started ${load(context.loadBefore)}; at the end ${load(context.loadAfter)} |
| database | ${context.database}, PostgreSQL ${context.serverVersion} |
| Node.js | ${m.node} |
| data | ${num(context.events)} synthetic events (seeded in ${num(context.seedS, 1)} s), ${num(context.eventDays)} event_days rows, ${context.order ? `${num(context.order.moved)} of them (yesterday to a week ahead) put in map order as the daily job would in ${num(context.order.ms / 1000, 1)} s` : 'as seeded (`--unordered`: not put in map order)'}; searched day ${context.day} |
| load | autocannon, ${context.connections} connections, ${context.durationS} s per scenario after a 2 s warm-up, server in its own process |

${table(rows)}

## Targets (issues 4 and 14)

${verdictLines(verdicts)}

${imports ? `${importSection(imports)}\n` : ''}## Notes

${notes.map((n) => `- ${n}`).join('\n')}

## Query plans at this size

${plans.map((p) => `\`\`\`\n${p}\n\`\`\``).join('\n\n')}
`;
}
