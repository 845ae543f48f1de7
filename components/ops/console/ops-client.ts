/**
 * Browser client of the operator ingest API (/v1/ops, docs/operators.md) for the live scoring
 * console. Every call sends `Authorization: Bearer <operator key>`; the key is never put in a URL.
 */
import type { EventDraft } from '@/browser/console/types';
import type { LogEntry } from '@/browser/console/session';
import type { ItemResult, OpsCompetition, OpsFixture } from '@/lib/wire/ops';

/** An answer other than 2xx: `status` and the problem+json `detail` / `title` (or a fallback). */
export class OpsApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/** `GET /v1/ops/fixtures/{id}`: the fixture, its live match (spec 2.1, null before any event) and the log. */
export interface OpsFixtureDetail {
  fixture: OpsFixture;
  match: Record<string, unknown> | null;
  events: (LogEntry & { clock_seconds?: number | null; occurred_at?: string })[];
}
/** One pushed item's outcome. */
export type PushResult = Pick<ItemResult, 'id' | 'status' | 'seq' | 'error'>;

/**
 * Calls `/v1/ops{path}` with the operator key.
 * @throws OpsApiError for a non-2xx answer (401 bad key, 403 a data key, 400 invalid body, 404 …);
 *   TypeError when the server cannot be reached
 */
export async function opsFetch<T>(
  key: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const r = await fetch(`/v1/ops${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    cache: 'no-store',
  });
  const text = await r.text();
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (!r.ok) {
    const msg = String(json.detail ?? json.title ?? `HTTP ${r.status}`);
    throw new OpsApiError(r.status, msg, typeof json.code === 'string' ? json.code : null);
  }
  return json as T;
}

/** Competitions of a sport. */
export const listCompetitions = (key: string, sport: string) =>
  opsFetch<{ data: OpsCompetition[] }>(key, `/competitions?sport=${encodeURIComponent(sport)}`).then((r) => r.data);
/** Creates (or renames) a competition: upsert by sport + league + season. */
export const saveCompetition = (key: string, body: { sport: string; league: string; season: string; name: string }) =>
  opsFetch<OpsCompetition>(key, '/competitions', { method: 'POST', body });
/** Fixtures of a competition, newest kickoff first (at most 200). */
export const listFixtures = (key: string, sport: string, league: string) =>
  opsFetch<{ data: OpsFixture[] }>(
    key,
    `/fixtures?sport=${encodeURIComponent(sport)}&league=${encodeURIComponent(league)}`,
  ).then((r) => r.data);
/** Creates a fixture (teams created when new). `kickoff` ISO 8601 UTC. */
export const createFixture = (
  key: string,
  body: { sport: string; league: string; season: string; home_team: string; away_team: string; kickoff: string },
) => opsFetch<OpsFixture>(key, '/fixtures', { method: 'POST', body });
/** The fixture, its live match and its stored log. */
export const fixtureDetail = (key: string, id: number) => opsFetch<OpsFixtureDetail>(key, `/fixtures/${id}`);

/** Reads one item's outcome from an ingest answer (`results[0]`), whatever the id field is called. */
function firstResult(r: { results?: Record<string, unknown>[] }): PushResult {
  const x = r.results?.[0] ?? {};
  return {
    id: (x.event_id ?? x.id ?? null) as string | null,
    status: (x.status ?? 'rejected') as PushResult['status'],
    seq: (x.seq ?? null) as number | null,
    ...(x.error !== undefined ? { error: String(x.error) } : {}),
  };
}

/** Pushes one event (`POST /v1/ops/events`) and returns its outcome. */
export async function pushEvent(
  key: string,
  event: EventDraft & { fixture_id: number; event_id: string; occurred_at: string },
): Promise<PushResult> {
  return firstResult(await opsFetch(key, '/events', { method: 'POST', body: { events: [event] } }));
}

/** Sends a correction (`POST /v1/ops/corrections`) and returns its outcome (the answer's first result, or a stored one). */
export async function pushCorrection(
  key: string,
  body: { fixture_id: number; event_id: string; target_event_id: string; action: 'retract'; reason: string },
): Promise<PushResult> {
  const r = await opsFetch<Record<string, unknown>>(key, '/corrections', { method: 'POST', body });
  if (Array.isArray(r.results)) return firstResult(r as { results: Record<string, unknown>[] });
  return {
    id: body.event_id,
    status: (r.status as PushResult['status']) ?? 'stored',
    seq: (r.seq as number | null) ?? null,
    ...(r.error ? { error: String(r.error) } : {}),
  };
}
