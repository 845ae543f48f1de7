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
import { ENGLISH, type Words } from '@/browser/live/display-words';

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

function summary(m: LiveMatch, w: Words = ENGLISH): string | null {
  const s = stateOf(m);
  const result = obj(s.result);
  if (result)
    return w
      .t('board.tennis.won', {
        winner: teamOf(m, result.winner as Side) || w.t('board.tennis.winner'),
        sets: tennisSetsText(result) ?? '',
      })
      .trim();
  if (!playing(m)) return null;
  const server = str(s.server) as Side | null;
  return [
    w.t('board.tennis.sets', { home: perSide(s.sets_won, 'home') ?? 0, away: perSide(s.sets_won, 'away') ?? 0 }),
    s.tiebreak === true ? w.t('board.tennis.tiebreak') : null,
    server ? w.t('board.tennis.serving', { player: teamOf(m, server) }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

export const tennis: SportLine = {
  marker: (m, side, w = ENGLISH) =>
    stateOf(m).server === side && playing(m) ? (
      <span
        className="inline-block h-2 w-2 shrink-0 rounded-full bg-accent"
        title={w.t('board.tennis.servingTitle')}
        data-testid="serving"
      >
        <span className="sr-only">{w.t('board.tennis.servingSr')}</span>
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
            {/* Points are null when the source gives games only (an ESPN score snapshot). */}
            {pts != null && (
              <span className="ml-1 w-8 rounded bg-bg text-center text-sm font-semibold" data-testid="tennis-points">
                {pts}
              </span>
            )}
          </>
        )}
        {!playing(m) && <span className="ml-1 w-5 text-center text-lg font-bold">{m.score[side]}</span>}
      </span>
    );
  },
  summary: (m, _now, w) => summary(m, w),
  notes: (m, w) => <p className="text-xs text-muted">{summary(m, w) ?? ''}</p>,
  board(m, _now, w = ENGLISH) {
    const s = stateOf(m);
    const done = sets(m);
    const live = playing(m);
    if (!done.length && !live) return null;
    const cols = [
      ...done.map((_, i) => ({ label: `${i + 1}`, title: w.t('board.tennis.setTitle', { n: i + 1 }) })),
      ...(live
        ? [
            { label: `${done.length + 1}`, title: w.t('board.tennis.setLive', { n: done.length + 1 }) },
            { label: w.t('board.tennis.ptsShort'), title: w.t('board.tennis.points') },
          ]
        : []),
    ];
    const rows = (['home', 'away'] as const).map((side) => ({
      team: `${teamOf(m, side)}${s.server === side && live ? w.t('board.tennis.servingSuffix') : ''}`,
      cells: [
        ...done.map((set) => `${set[side]}${set.tb ? ` (${set.tb[side]})` : ''}`),
        ...(live ? [perSide(s.games, side) ?? 0, str(obj(s.points)?.[side]) ?? '–'] : []),
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
      const n = (k: string) => num(x?.[k]) ?? 0;
      return x
        ? `${teamOf(m, side)}: ${w.t('board.tennis.aces', { n: n('aces') })}, ${w.t('board.tennis.doubleFaults', { n: n('double_faults') })}`
        : null;
    };
    return (
      <div className="grid gap-2">
        <LineScoreTable
          w={w}
          caption={w.t('board.tennis.caption')}
          testid="tennis-sets"
          columns={cols}
          totals={[{ label: w.t('board.tennis.setsShort'), title: w.t('board.tennis.setsWon') }]}
          rows={rows}
        />
        {stats && (
          <p className="text-center text-xs text-muted">{[line('home'), line('away')].filter(Boolean).join(' · ')}</p>
        )}
      </div>
    );
  },
};
