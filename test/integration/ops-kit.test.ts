/**
 * The operations kit (ops/, docs/operations.md) against the real server process: `promtool check
 * rules` and `promtool test rules` pass on ops/prometheus (Debian's `prometheus` package), and every
 * metric the Grafana dashboard (ops/grafana/scoreline.json) and the alert rules name is exported by
 * /metrics of a started server (its `# TYPE` lines: a labelled metric with no sample yet counts).
 * One server (BOOTSTRAP=off, REPLAY=off, no pages).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ROOT, startTestServer, type TestServer } from '../helpers/server';

const RULES = path.join(ROOT, 'ops/prometheus/scoreline-rules.yml');
const RULE_TESTS = path.join(ROOT, 'ops/prometheus/scoreline-rules.test.yml');
const DASHBOARD = path.join(ROOT, 'ops/grafana/scoreline.json');
/** Series Prometheus makes itself, not /metrics. */
const SYNTHETIC = new Set(['up']);

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ BOOTSTRAP: 'off', REPLAY: 'off', PAGES: 'off' });
}, 300_000);

afterAll(async () => {
  await s?.stop();
});

const promtool = (...args: string[]) =>
  promisify(execFile)('promtool', args, { cwd: ROOT }).catch(
    (e: NodeJS.ErrnoException & { stdout?: string; stderr?: string }) => {
      if (e.code === 'ENOENT')
        throw new Error("promtool not found: install Debian's `prometheus` package (.ci/run does)");
      throw new Error(`promtool ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`);
    },
  );

/** Every `scoreline_…` / `up` series name in PromQL expressions (names are followed by `{`, `[`, `)` or space). */
function seriesNames(exprs: string[]): Set<string> {
  const names = new Set<string>();
  for (const e of exprs)
    for (const m of e.matchAll(/\b(scoreline_[a-z0-9_]+|up)\b(?=\s*[{[)\s=!<>]|$)/g)) names.add(m[1]);
  return names;
}

/** The rule file's expressions (one `expr:` per rule, folded YAML included). */
function ruleExprs(): string[] {
  const yml = fs.readFileSync(RULES, 'utf8');
  return [...yml.matchAll(/expr: (\|\n((?: {10}.*\n)+)|.*)/g)].map((m) => m[2] ?? m[1]);
}

/** The dashboard's expressions: every target of every panel, and the variables' queries. */
function dashboardExprs(): string[] {
  const d = JSON.parse(fs.readFileSync(DASHBOARD, 'utf8'));
  const panels = d.panels.flatMap((p: any) => [p, ...(p.panels ?? [])]);
  return [
    ...panels.flatMap((p: any) => (p.targets ?? []).map((t: any) => t.expr as string)),
    ...d.templating.list.filter((v: any) => v.type === 'query').map((v: any) => v.definition as string),
  ];
}

/** Sample names /metrics can export: each `# TYPE` family, histograms and summaries with their suffixes. */
async function exported(): Promise<Set<string>> {
  const res = await fetch(`${s.baseUrl}/metrics`);
  expect(res.status).toBe(200);
  const names = new Set<string>();
  for (const [, name, type] of (await res.text()).matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    names.add(name);
    if (type === 'histogram') for (const x of ['_bucket', '_sum', '_count']) names.add(name + x);
    if (type === 'summary') for (const x of ['_sum', '_count']) names.add(name + x);
  }
  return names;
}

test('promtool check rules and promtool test rules pass', async () => {
  expect((await promtool('check', 'rules', RULES)).stdout).toMatch(/SUCCESS: \d+ rules found/);
  expect((await promtool('test', 'rules', RULE_TESTS)).stdout).toMatch(/SUCCESS/);
});

test('every metric the dashboard and the alert rules name is exported by /metrics', async () => {
  const have = await exported();
  const named = new Set([...seriesNames(dashboardExprs()), ...seriesNames(ruleExprs())]);
  expect(named.size).toBeGreaterThan(20);
  expect([...named].filter((n) => !SYNTHETIC.has(n) && !have.has(n)).sort()).toEqual([]);
  // The alert rules cover each failure docs/operations.md names.
  const alerts = [...fs.readFileSync(RULES, 'utf8').matchAll(/- alert: (\w+)/g)].map((m) => m[1]);
  expect(alerts).toEqual(
    expect.arrayContaining([
      'ScorelineNotReady',
      'ScorelineStoreDown',
      'ScorelineSourceSilentWhileLive',
      'ScorelineWebhookBacklogGrowing',
    ]),
  );
});
