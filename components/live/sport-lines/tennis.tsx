/**
 * Tennis on the scoreboard (home = player 1): per player the games of each finished set (a
 * tie-break's loser points as a superscript), the current set's games and the points, the
 * server marked; the header adds the set-by-set grid and serve statistics.
 */
import { tennisSetsText } from '@/components/results/result-detail';
import { LineScoreTable } from './LineScoreTable';
import { arr, num, obj, perSide, stateOf, str, teamOf, type Side } from './read';
import type { SportLine } from './types';
import type { LiveMatch } from '@/lib/wire/schemas';

interface SetScore {
  home: number;
  away: number;
  tb: { home: number; away: number } | null;
}

function sets(m: LiveMatch): SetScore[] {
  const s = stateOf(m);
  const tbs = arr(s.set_tiebreaks);
  return arr(s.sets)
    .filter((x): x is [number, number] => Array.isArray(x) && x.length === 2)
    .map(([home, away], i) => {
      const tb = obj(tbs[i]);
      return {
        home,
        away,
        tb:
          tb && num(tb.home) != null && num(tb.away) != null
            ? { home: tb.home as number, away: tb.away as number }
            : null,
      };
    });
}

const playing = (m: LiveMatch) => m.status === 'in_play' || m.status === 'suspended';

function SetCell({ set, side }: { set: SetScore; side: Side }) {
  const won = set[side] > set[side === 'home' ? 'away' : 'home'];
  const lostTb = set.tb && set.tb[side] < set.tb[side === 'home' ? 'away' : 'home'];
  return (
    <span className={`w-5 text-center ${won ? 'font-bold' : 'text-muted'}`}>
      {set[side]}
      {lostTb ? <sup className="text-[9px]">{set.tb![side]}</sup> : null}
    </span>
  );
}

function summary(m: LiveMatch): string | null {
  const s = stateOf(m);
  const result = obj(s.result);
  if (result) return `${teamOf(m, result.winner as Side) || 'Winner'} won ${tennisSetsText(result) ?? ''}`.trim();
  if (!playing(m)) return null;
  const server = str(s.server) as Side | null;
  return [
    `Sets ${perSide(s.sets_won, 'home') ?? 0}–${perSide(s.sets_won, 'away') ?? 0}`,
    s.tiebreak === true ? 'Tie-break' : null,
    server ? `${teamOf(m, server)} serving` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const tennis: SportLine = {
  marker: (m, side) =>
    stateOf(m).server === side && playing(m) ? (
      <span className="inline-block h-2 w-2 shrink-0 rounded-full bg-accent" title="Serving" data-testid="serving">
        <span className="sr-only">serving</span>
      </span>
    ) : null,
  side(m, side) {
    const s = stateOf(m);
    const pts = str(obj(s.points)?.[side]);
    const games = perSide(s.games, side);
    return (
      <span className="inline-flex items-baseline justify-end gap-0.5 tabular" data-testid={`tennis-${side}`}>
        {sets(m).map((set, i) => (
          <SetCell key={i} set={set} side={side} />
        ))}
        {playing(m) && (
          <>
            <span className="w-5 text-center text-lg font-bold">{games ?? 0}</span>
            <span className="ml-1 w-8 rounded bg-bg text-center text-sm font-semibold" data-testid="tennis-points">
              {pts ?? '0'}
            </span>
          </>
        )}
        {!playing(m) && <span className="ml-1 w-5 text-center text-lg font-bold">{m.score[side]}</span>}
      </span>
    );
  },
  summary,
  notes: (m) => <p className="text-xs text-muted">{summary(m) ?? ''}</p>,
  board(m) {
    const s = stateOf(m);
    const done = sets(m);
    const live = playing(m);
    if (!done.length && !live) return null;
    const cols = [
      ...done.map((_, i) => ({ label: `${i + 1}`, title: `Set ${i + 1}` })),
      ...(live
        ? [
            { label: `${done.length + 1}`, title: `Set ${done.length + 1} (in play)` },
            { label: 'Pts', title: 'Points' },
          ]
        : []),
    ];
    const rows = (['home', 'away'] as const).map((side) => ({
      team: `${teamOf(m, side)}${s.server === side && live ? ' (serving)' : ''}`,
      cells: [
        ...done.map((set) => `${set[side]}${set.tb ? ` (${set.tb[side]})` : ''}`),
        ...(live ? [perSide(s.games, side) ?? 0, str(obj(s.points)?.[side]) ?? '0'] : []),
      ],
      totals: [perSide(s.sets_won, side) ?? m.score[side]],
    }));
    // Counted from the points (point-by-point matches); an imported result's stats are all zero here (the match page shows its stored serve statistics).
    const counted = obj(s.stats);
    const stats =
      counted && (['home', 'away'] as const).some((x) => (num(obj(counted[x])?.service_points) ?? 0) > 0)
        ? counted
        : null;
    const line = (side: Side) => {
      const x = obj(stats?.[side]);
      const n = (k: string, word: string) => `${num(x?.[k]) ?? 0} ${word}${num(x?.[k]) === 1 ? '' : 's'}`;
      return x ? `${teamOf(m, side)}: ${n('aces', 'ace')}, ${n('double_faults', 'double fault')}` : null;
    };
    return (
      <div className="grid gap-2">
        <LineScoreTable
          caption="Sets"
          testid="tennis-sets"
          columns={cols}
          totals={[{ label: 'Sets', title: 'Sets won' }]}
          rows={rows}
        />
        {stats && (
          <p className="text-center text-xs text-muted">{[line('home'), line('away')].filter(Boolean).join(' · ')}</p>
        )}
      </div>
    );
  },
};
