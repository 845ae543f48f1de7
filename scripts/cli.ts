/**
 * Operator CLI: `npm run cli -- <command>`.
 *   import <format> <path...> [--league SLUG] [--season YYYY-YY] [--kickoff ISO] [--home TEAM]
 *     formats: openfootball, statsbomb, football-data, cricsheet, retrosheet, sackmann-atp,
 *     sackmann-pbp, fivethirtyeight-nba, fivethirtyeight-nhl, superrugby (lib/import/index.ts)
 *   keys create [--name NAME] [--plan free|pro|enterprise] [--operator] | keys list | keys revoke <id> | keys rotate <id>
 *   webhooks reencrypt — re-seal every webhook signing secret under the current WEBHOOK_SECRET_KEY (after a key rotation)
 * Uses the same store as the server (DATA_DIR or DATABASE_URL). The embedded store is locked
 * while the server runs: stop it first, or point both at PostgreSQL.
 */
import { parseArgs } from 'node:util';
import { desc } from 'drizzle-orm';
import pino from 'pino';
import { IMPORT_FORMATS, ImportError, isImportFormat } from '@/lib/import/index';
import { generateApiKey, revokeApiKey, rotateApiKey, storeApiKey } from '@/server/auth/keys';
import { ConfigError, loadConfig } from '@/server/config';
import { FeedBus } from '@/server/engine/bus';
import { FeedEngine } from '@/server/engine/engine';
import { ReferenceError } from '@/server/engine/reference';
import { openStore } from '@/server/store/db';
import { DataDirLockedError } from '@/server/store/lock';
import * as t from '@/server/store/schema';
import { SecretKeyMissingError, sealWebhookSecrets } from '@/server/webhooks/seal-secrets';
import { loadSecretBox } from '@/server/webhooks/secret-key';
import { LOG_SERIALIZERS } from '@/server/log-errors';

const USAGE = `Usage:
  npm run cli -- import <format> <path...> [--league SLUG] [--season YYYY-YY] [--kickoff ISO] [--home TEAM]
    football:    openfootball (football.json, worldcup.json, euro.json), football-data (CSV),
                 statsbomb (one events + one lineups file; --league --season --kickoff required)
    cricket:     cricsheet (<match_id>.json)
    baseball:    retrosheet (<year><TEAM>.EVN / .EVA)
    tennis:      sackmann-atp (atp_matches_<year>.csv [+ tennis-data.co.uk <year>.xlsx: days, venues, odds]),
                 sackmann-pbp (pbp_matches_*.csv)
    basketball:  fivethirtyeight-nba (nba_elo*.csv)
    ice hockey:  fivethirtyeight-nhl (nhl_elo*.csv)
    rugby:       superrugby (superrugby_raw.csv)
  npm run cli -- keys create [--name NAME] [--plan free|pro|enterprise] [--operator]
  npm run cli -- keys list
  npm run cli -- keys revoke <id>
  npm run cli -- keys rotate <id>
  npm run cli -- webhooks reencrypt   (after putting a new key first in WEBHOOK_SECRET_KEY)`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      league: { type: 'string' },
      season: { type: 'string' },
      kickoff: { type: 'string' },
      home: { type: 'string' },
      name: { type: 'string' },
      plan: { type: 'string' },
      operator: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, sub, ...rest] = positionals;
  if (values.help || !command) throw new UsageError('');
  const config = loadConfig();
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    if (command === 'import') {
      if (!sub || !isImportFormat(sub)) throw new UsageError(`unknown format "${sub ?? ''}"`);
      if (!rest.length) throw new UsageError('import needs at least one file path');
      const matches = await IMPORT_FORMATS[sub](rest, {
        league: values.league,
        season: values.season,
        kickoff: values.kickoff,
        home: values.home,
        note: (message, fields) => console.log(`${message}: ${JSON.stringify(fields)}`),
      });
      const engine = new FeedEngine(store, new FeedBus());
      const s = await engine.importMatches(matches);
      console.log(
        `Imported ${s.matches} matches: ${s.fixtures_created} new fixtures, ${s.events_stored} events stored, ${s.duplicates} already known` +
          (s.rejected.length
            ? `, ${s.rejected.length} rejected:\n${s.rejected.map((r) => `  ${r.event_id}: ${r.error}`).join('\n')}`
            : '.'),
      );
    } else if (command === 'keys') {
      if (sub === 'create') {
        const plan = values.plan ?? 'free';
        if (!['free', 'pro', 'enterprise'].includes(plan)) throw new UsageError(`unknown plan "${plan}"`);
        const role = values.operator ? 'operator' : 'data';
        const key = generateApiKey(role);
        const id = await storeApiKey(store.db, key, { name: values.name ?? 'cli', plan, role });
        console.log(
          `${role === 'operator' ? 'Operator key' : 'Key'} ${id} (${plan}) created. It is shown once and stored only as a hash:\n${key}`,
        );
      } else if (sub === 'list') {
        const rows = await store.db.select().from(t.apiKeys).orderBy(desc(t.apiKeys.id));
        for (const r of rows)
          console.log(
            `${r.id}\t${r.prefix}…\t${r.role}\t${r.plan}\t${r.name}\tcreated ${r.createdAt}\tlast used ${r.lastUsedAt ?? 'never'}${r.revokedAt ? '\tREVOKED' : ''}`,
          );
      } else if (sub === 'revoke') {
        const id = Number(rest[0]);
        if (!Number.isInteger(id)) throw new UsageError('keys revoke needs a key id (see keys list)');
        console.log((await revokeApiKey(store.db, id)) ? `Key ${id} revoked.` : `No key ${id}.`);
      } else if (sub === 'rotate') {
        const id = Number(rest[0]);
        if (!Number.isInteger(id)) throw new UsageError('keys rotate needs a key id (see keys list)');
        const r = await rotateApiKey(store.db, id);
        console.log(
          r
            ? `Key ${id} revoked; its replacement is key ${r.id}. It is shown once and stored only as a hash:\n${r.key}`
            : `No active key ${id}.`,
        );
      } else throw new UsageError(`unknown keys command "${sub ?? ''}"`);
    } else if (command === 'webhooks') {
      if (sub !== 'reencrypt') throw new UsageError(`unknown webhooks command "${sub ?? ''}"`);
      const box = loadSecretBox({ envKeys: config.WEBHOOK_SECRET_KEY, dataDir: config.dataDir });
      const n = await sealWebhookSecrets(store.db, box, { all: true });
      console.log(
        `Re-encrypted ${n} webhook signing secret${n === 1 ? '' : 's'} under key ${box.currentId}; older keys can now be removed from WEBHOOK_SECRET_KEY.`,
      );
    } else throw new UsageError(`unknown command "${command}"`);
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) {
    console.error(`${e.message ? `${e.message}\n` : ''}${USAGE}`);
    process.exit(e.message ? 2 : 0);
  }
  if (
    e instanceof ImportError ||
    e instanceof ReferenceError ||
    e instanceof ConfigError ||
    e instanceof DataDirLockedError ||
    e instanceof SecretKeyMissingError
  ) {
    console.error(e.message);
    process.exit(1);
  }
  pino({ serializers: LOG_SERIALIZERS }).error({ err: e }, 'cli failed');
  process.exit(1);
});
