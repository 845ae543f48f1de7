/**
 * A finished match's sport detail in a few words, from the result's `result` object (the rules'
 * projected result; docs/sports/<sport>.md): cricket "India won by 5 wickets", tennis set scores
 * "6–4 3–6 7–6(5)", "OT"/"SO", golf's winner… Pure; null when there is nothing to add (football,
 * a result without detail). Defensive: fields may be missing while a sport is being written.
 */
import { gameClock } from '@/browser/live/display';

type Obj = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const ot = (n: number) => (n <= 1 ? 'OT' : `${n}OT`);

export interface Teams {
  home_team: string;
  away_team: string;
}

const teamOf = (t: Teams, side: unknown) => (side === 'home' ? t.home_team : side === 'away' ? t.away_team : null);

/** Golf's score to par: E, −12, +3. */
export function toPar(n: number): string {
  return n === 0 ? 'E' : n < 0 ? `−${-n}` : `+${n}`;
}

/** "India won by 5 wickets", "won by an innings and 12 runs", "Match tied (England won the super over)", "No result". */
export function cricketResultText(r: Obj, t: Teams): string | null {
  const winner = teamOf(t, r.winner);
  const eliminator = teamOf(t, r.eliminator);
  const method = typeof r.method === 'string' && r.method ? ` (${r.method})` : '';
  switch (r.kind) {
    case 'win': {
      const by = obj(r.by) ?? {};
      const inns = num(by.innings);
      const runs = num(by.runs);
      const wkts = num(by.wickets);
      const margin = inns
        ? ` by an innings${runs ? ` and ${plural(runs, 'run')}` : ''}`
        : runs != null
          ? ` by ${plural(runs, 'run')}`
          : wkts != null
            ? ` by ${plural(wkts, 'wicket')}`
            : '';
      return winner ? `${winner} won${margin}${method}` : null;
    }
    case 'tie':
      return eliminator || winner ? `Match tied (${eliminator ?? winner} won the super over)` : 'Match tied';
    case 'no_result':
      return 'No result';
    case 'draw':
      return 'Match drawn';
    default:
      return null;
  }
}

/** Set scores with the tie-break loser's points: "6–4 3–6 7–6(5)", plus "ret." / "W/O". */
export function tennisSetsText(r: Obj): string | null {
  const sets = Array.isArray(r.sets) ? r.sets : [];
  const tbs = Array.isArray(r.set_tiebreaks) ? r.set_tiebreaks : [];
  const text = sets
    .filter((s): s is [number, number] => Array.isArray(s) && s.length === 2)
    .map(([h, a], i) => {
      const tb = obj(tbs[i]);
      const th = num(tb?.home);
      const ta = num(tb?.away);
      return `${h}–${a}${th != null && ta != null ? `(${Math.min(th, ta)})` : ''}`;
    })
    .join(' ');
  const tail =
    r.outcome === 'retired' ? ' ret.' : r.outcome === 'walkover' ? 'W/O' : r.outcome === 'default' ? ' def.' : '';
  return text || tail ? `${text}${tail}`.trim() : null;
}

/** The detail line of a result of `sport` (null: none). */
export function resultDetail(sport: string, result: unknown, t: Teams): string | null {
  const r = obj(result);
  if (!r) return null;
  switch (sport) {
    case 'cricket':
      return cricketResultText(r, t);
    case 'tennis':
      return tennisSetsText(r);
    case 'basketball':
      return num(r.overtimes) ? ot(num(r.overtimes)!) : null;
    case 'ice-hockey':
      return r.decision === 'SO' ? 'SO' : r.decision === 'OT' ? ot(num(r.overtimes) ?? 1) : null;
    case 'baseball': {
      const inns = num(r.innings);
      if (r.called) return inns ? `Called after ${plural(inns, 'inning')}` : 'Called game';
      return inns && inns > 9 ? `${inns} innings` : null;
    }
    case 'rugby': {
      const tries = obj(r.tries);
      return tries && num(tries.home) != null && num(tries.away) != null ? `Tries ${tries.home}–${tries.away}` : null;
    }
    case 'golf': {
      if (typeof r.winner !== 'string') return null;
      const par = num(r.to_par);
      return `Won by ${r.winner}${par != null ? ` (${toPar(par)})` : ''}`;
    }
    case 'mma': {
      const method = typeof r.method === 'string' ? r.method : null;
      if (method === 'DRAW') return 'Draw';
      if (method === 'NC') return 'No contest';
      const who = teamOf(t, r.winner);
      const round = num(r.round);
      const secs = num(r.time_seconds);
      const when = round ? `, R${round}${secs != null ? ` ${gameClock(secs)}` : ''}` : '';
      return who || method ? `${who ?? 'Won'}${method ? ` by ${method}` : ''}${when}` : null;
    }
    case 'esports': {
      const maps = Array.isArray(r.maps) ? r.maps.map(obj).filter((x): x is Obj => !!x) : [];
      return maps.length ? maps.map((x) => `${x.map ?? 'Map'} ${x.home ?? '?'}–${x.away ?? '?'}`).join(', ') : null;
    }
    default:
      return null;
  }
}
