/**
 * football-data.org v4 incidents → timeline entries: the goals, bookings and substitutions of the
 * single-match resource, each at its minute and playing period, with its SourceEvent. Part of
 * server/adapters/football-data-org-mapping.ts.
 */
import type { z } from 'zod';
import type { SourceEvent } from '@/lib/match/events';
import type { Side } from '@/lib/football/types';
import { FdoBookingSchema, FdoGoalSchema, FdoSubstitutionSchema, type FdoMatch } from './football-data-org-schemas';
import { periodOfMinute } from './football-data-org-score';
import { PERIODS } from './football-data-org-state';
import type { AdapterSkip } from './types';

/** One timeline entry before filtering: `key` orders entries within a poll. */
export interface Entry {
  key: number;
  event: SourceEvent;
  occurredMs: number;
  /** goal ordinal (side, n) — goals are filtered by count, other incidents by id. */
  goal?: { side: Side; n: number };
  /** 1-based phase index for period events (filtered by the phase reached). */
  phase?: number;
  incident?: boolean;
}

/** An incident at its playing period `k`, displayed minute and stoppage; `order` sorts it within the period. */
export interface Incident {
  k: number;
  minute: number;
  stoppage: number | null;
  order: number;
  make: () => Omit<Entry, 'key' | 'occurredMs'>;
}

const CARD: Record<string, string> = { YELLOW: 'yellow', YELLOW_RED: 'second_yellow', RED: 'red' };

function slug(s: string | null | undefined): string {
  return (
    (s ?? '')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'unknown'
  );
}

function personKey(p: { id?: number | null; name?: string | null } | null | undefined): string {
  return p?.id != null ? String(p.id) : slug(p?.name);
}

/** A SourceEvent with every field empty but `fields`. */
export function sourceEvent(id: string, type: SourceEvent['type'], fields: Partial<SourceEvent> = {}): SourceEvent {
  return {
    event_id: id,
    type,
    side: null,
    player: null,
    minute: null,
    stoppage: null,
    period: null,
    clock_seconds: null,
    detail: {},
    ...fields,
  };
}

type IncidentTeam = { id?: number | null; name?: string | null };

/**
 * The incidents of a match (single-match resource): goals (home, then away; their event ids are
 * set later from their order), then bookings, then substitutions. Items that fail their schema or
 * name a team not in the match are skipped and reported in `skipped`. `extraTimeKnown` decides
 * whether minutes past 90 are extra time or 2nd-half stoppage.
 */
export function fdoIncidents(
  m: FdoMatch,
  opts: { mid: string; extraTimeKnown: boolean; skipped: AdapterSkip[] },
): Incident[] {
  const { mid, extraTimeKnown, skipped } = opts;
  const homeId = m.homeTeam.id;
  const awayId = m.awayTeam.id;
  const sideOf = (t: IncidentTeam): Side | null => {
    if (t.id != null && t.id === homeId) return 'home';
    if (t.id != null && t.id === awayId) return 'away';
    if (t.name && t.name === m.homeTeam.name) return 'home';
    if (t.name && t.name === m.awayTeam.name) return 'away';
    return null;
  };
  const notInMatch = (what: string, i: number, team: IncidentTeam): void => {
    skipped.push({ item: `match ${m.id} ${what}[${i}]`, reason: `team ${team.id ?? team.name} is not in the match` });
  };
  const at = (minute: number, injury: number | null | undefined) => {
    const k = periodOfMinute(minute, extraTimeKnown);
    const end = PERIODS[k].end;
    const shown = Math.min(minute, end);
    const stoppage = injury != null && injury > 0 ? injury : minute > end ? minute - end : null;
    return { k, minute: shown, stoppage };
  };
  const parseItems = <T>(list: unknown[] | null | undefined, schema: z.ZodType<T>, what: string): T[] => {
    const items: T[] = [];
    (list ?? []).forEach((raw, i) => {
      const r = schema.safeParse(raw);
      if (r.success) items.push(r.data);
      else
        skipped.push({
          item: `match ${m.id} ${what}[${i}]`,
          reason: r.error.issues.map((x) => `${x.path.join('.') || '.'}: ${x.message}`).join('; '),
        });
    });
    return items;
  };
  /** The incident of an item at its minute: a `type` event of `side`, built when the timeline is laid out. */
  const incident = (
    x: { minute: number; injuryTime?: number | null },
    side: Side,
    id: string,
    type: 'goal' | 'card' | 'substitution',
    player: string | null,
    detail: Record<string, unknown>,
  ): Incident => {
    const pos = at(x.minute, x.injuryTime);
    return {
      ...pos,
      order: x.minute * 100 + (x.injuryTime ?? 0),
      make: () => ({
        incident: true,
        event: sourceEvent(id, type, {
          side,
          player,
          minute: pos.minute,
          stoppage: pos.stoppage,
          period: PERIODS[pos.k].period,
          clock_seconds: Math.max(0, x.minute - 1 + (x.injuryTime ?? 0)) * 60,
          detail,
        }),
      }),
    };
  };

  // Goals: credited side from the running score when upstream gives one, else from `team`.
  const goals = parseItems(m.goals, FdoGoalSchema, 'goals');
  let running: { home: number; away: number } | null = { home: 0, away: 0 };
  const goalSides: (Side | null)[] = goals.map((g) => {
    let side: Side | null = null;
    if (running && g.score && g.score.home != null && g.score.away != null) {
      if (g.score.home === running.home + 1 && g.score.away === running.away) side = 'home';
      else if (g.score.away === running.away + 1 && g.score.home === running.home) side = 'away';
      running = { home: g.score.home, away: g.score.away };
    } else running = null;
    return side ?? sideOf(g.team);
  });
  const detailed: { home: Incident[]; away: Incident[] } = { home: [], away: [] };
  goals.forEach((g, i) => {
    const side = goalSides[i];
    if (!side) return notInMatch('goals', i, g.team);
    const detail: Record<string, unknown> = {};
    if (g.type === 'PENALTY') detail.penalty = true;
    if (g.type === 'OWN') detail.own_goal = true;
    detailed[side].push(incident(g, side, '', 'goal', g.scorer?.name ?? null, detail));
  });
  const incidents: Incident[] = [...detailed.home, ...detailed.away];

  for (const [i, b] of parseItems(m.bookings, FdoBookingSchema, 'bookings').entries()) {
    const side = sideOf(b.team);
    if (!side) {
      notInMatch('bookings', i, b.team);
      continue;
    }
    const id = `${mid}:card:${b.minute}+${b.injuryTime ?? 0}:${personKey(b.player)}:${b.card}`;
    incidents.push(incident(b, side, id, 'card', b.player.name ?? null, { card: CARD[b.card] }));
  }
  for (const [i, s] of parseItems(m.substitutions, FdoSubstitutionSchema, 'substitutions').entries()) {
    const side = sideOf(s.team);
    if (!side) {
      notInMatch('substitutions', i, s.team);
      continue;
    }
    const id = `${mid}:sub:${s.minute}+${s.injuryTime ?? 0}:${personKey(s.playerOut)}:${personKey(s.playerIn)}`;
    incidents.push(
      incident(s, side, id, 'substitution', s.playerOut.name ?? null, { replacement: s.playerIn.name ?? null }),
    );
  }
  return incidents;
}
