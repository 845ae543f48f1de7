/**
 * Fuzzes the server's configuration (fast-check): the real server process is started with one
 * environment variable of server/config.ts set to a hostile value, in a fresh empty DATA_DIR.
 * Either the value is valid and the server listens (then it is stopped), or the process must exit
 * non-zero before it opens or writes anything: DATA_DIR stays empty (no store, no first key), and
 * the output carries a message, never a stack trace. Variables that name resources only their use
 * can check (PORT, HOST, DATA_DIR, DATABASE_URL, REDIS_URL) are left out.
 * FUZZ_SEED / FUZZ_RUNS as in api.fuzz.test.ts. Takes ≈ 20–40 s (three processes at a time).
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { makeTempDataDir, ROOT, spawnServer } from '../helpers/server';
import { hostileString } from './arbitraries';
import { Recorder } from './oracle';

const SEED = Number(process.env.FUZZ_SEED ?? 1515);
const SCALE = Number(process.env.FUZZ_RUNS ?? 1);
const LEFT_OUT = new Set(['PORT', 'HOST', 'DATA_DIR', 'DATABASE_URL', 'REDIS_URL', 'NODE_ENV', 'LOG_LEVEL']);
/** Variables whose text the server parses itself after zod (JSON, lists, schedules). */
const PARSED_LATER = [
  'PLAN_LIMITS',
  'WEBHOOK_RETRY_SCHEDULE',
  'WS_ALLOWED_ORIGINS',
  'BOOTSTRAP_SPORTS',
  'FOOTBALL_DATA_ORG_COMPETITIONS',
];

/** The variable names of server/config.ts's schema, read from its source. */
function configVariables(): string[] {
  const src = fs.readFileSync(path.join(ROOT, 'server/config.ts'), 'utf8');
  return [...src.matchAll(/^ +([A-Z][A-Z0-9_]+): z\b/gm)].map((m) => m[1]).filter((v) => !LEFT_OUT.has(v));
}

const junk = fc.oneof(
  fc.constantFrom(
    '{bad',
    '[]',
    'null',
    '{"free":{"requests_per_minute":-1}}',
    '{"gold":{}}',
    '{"free":{"requests_per_minute":"x"}}',
    'a,b',
    '1,,2',
    '-1',
    '0',
    '1e400',
    'NaN',
    'on,off',
    ' ',
    '0x10',
    'x'.repeat(300),
  ),
  hostileString.map((s) => s.replace(/\u0000/g, '')), // the environment cannot carry NUL
);

type Outcome =
  | { kind: 'listening' }
  | { kind: 'exited'; code: number | null; signal: string | null }
  | { kind: 'timeout' };

/** Starts the server with `name=value`; resolves when it listens, exits, or after 240 s (a loaded machine is slow to start tsx). */
async function tryStart(name: string, value: string, rec: Recorder): Promise<void> {
  const dataDir = makeTempDataDir();
  const srv = spawnServer({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    BOOTSTRAP: 'off',
    PAGES: 'off',
    REPLAY: 'off',
    SANDBOX: 'off',
    [name]: value,
  });
  const example = `${name}=${JSON.stringify(value).slice(0, 80)}`;
  try {
    const outcome = await new Promise<Outcome>((resolve) => {
      const timer = setTimeout(() => resolve({ kind: 'timeout' }), 240_000);
      const poll = setInterval(() => {
        if (/Scoreline listening on/.test(srv.logs())) done({ kind: 'listening' });
      }, 100);
      void srv.exited.then((e) => done({ kind: 'exited', ...e }));
      function done(o: Outcome) {
        clearTimeout(timer);
        clearInterval(poll);
        resolve(o);
      }
    });
    if (outcome.kind === 'exited') {
      const written = fs.readdirSync(dataDir);
      if (written.length)
        rec.add({
          kind: 'wrote-before-failing',
          where: name,
          example,
          got: `exit ${outcome.code}; DATA_DIR holds ${written.join(', ')}`,
        });
      if (/\n\s+at [^\n]+:\d+/.test(srv.logs()))
        rec.add({ kind: 'stack-trace-on-bad-config', where: name, example, got: srv.logs().slice(-300) });
      if (outcome.code === 0)
        rec.add({ kind: 'exit-0-on-bad-config', where: name, example, got: srv.logs().slice(-200) });
    }
    if (outcome.kind === 'timeout')
      rec.add({ kind: 'neither-listening-nor-exiting', where: name, example, got: srv.logs().slice(-200) });
  } finally {
    if (srv.proc.exitCode === null && srv.proc.signalCode === null) {
      srv.proc.kill('SIGTERM');
      const killer = setTimeout(() => srv.proc.kill('SIGKILL'), 10_000);
      await srv.exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

test('a hostile value in any configuration variable: the server starts, or exits before it opens or writes anything, without a stack trace', async () => {
  const vars = configVariables();
  expect(vars.length).toBeGreaterThan(30);
  const late = PARSED_LATER.filter((v) => vars.includes(v));
  // Every variable the server parses itself gets one case; the rest are drawn from all variables.
  const cases = [
    ...late.map((name, i) => ({ name, value: fc.sample(junk, { seed: SEED + i, numRuns: 1 })[0] })),
    ...fc.sample(fc.record({ name: fc.constantFrom(...vars), value: junk }), {
      seed: SEED,
      numRuns: Math.max(1, Math.round(4 * SCALE)),
    }),
  ];
  const rec = new Recorder();
  // The first case alone (it fills tsx's transform cache), then three processes at a time.
  for (let i = 0; i < cases.length; i += i === 0 ? 1 : 3) {
    const batch = cases.slice(i, i === 0 ? 1 : i + 3);
    await Promise.all(batch.map((c) => tryStart(c.name, c.value, rec)));
    rec.cases += batch.length;
  }
  console.log(
    `[fuzz/config] seed ${SEED}, ${rec.cases} configurations tried: ${cases.map((c) => `${c.name}=${JSON.stringify(c.value).slice(0, 30)}`).join('; ')}`,
  );
  for (const l of rec.summary()) console.log(`[fuzz/config] ${l}`);
  expect(rec.summary(), `configuration violations (FUZZ_SEED=${SEED})`).toEqual([]);
}, 900_000);
