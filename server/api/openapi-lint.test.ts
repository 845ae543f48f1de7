/**
 * `@redocly/cli lint` on the generated OpenAPI document (redocly.yaml: recommended-strict, one
 * rule off with its reason): 0 errors, 0 warnings. Runs the CLI as a user would, on the document
 * /v1/openapi.json serves (buildOpenApi), written to a temp file. Pure: no server.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { buildOpenApi } from './openapi-document';

const ROOT = path.resolve(import.meta.dirname, '../..');

test('redocly lint: 0 errors, 0 warnings', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-redocly-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(buildOpenApi()));
  try {
    const cli = path.join(ROOT, 'node_modules/@redocly/cli/bin/cli.js');
    const run = await promisify(execFile)(
      process.execPath,
      [cli, 'lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format=json'],
      { cwd: ROOT, env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    ).catch((e: { stdout: string }) => e); // exit 1 on errors: the JSON report is still on stdout
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
