import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseRetrosheet } from '../import/retrosheet';
import { computeBaseballStatistics, inningsPitched } from './statistics';

const FILE = fileURLToPath(new URL('../../datasets/baseball/retrosheet/2016/2016CHN.EVN', import.meta.url));
const games = parseRetrosheet(readFileSync(FILE, 'utf8'));
type Detail = { hits: { home: number; away: number }; innings: number; line_score: { home: number[] } };

describe('baseball statistics (Cubs 2016 home games)', () => {
  const all = computeBaseballStatistics(games);
  it('player hits add up to the teams’ hits; home pitchers record 3 outs per top half', () => {
    const hits = games.reduce(
      (n, g) =>
        n + (g.result!.detail as unknown as Detail).hits.home + (g.result!.detail as unknown as Detail).hits.away,
      0,
    );
    expect(all.batting.reduce((n, b) => n + b.h, 0)).toBe(hits);
    for (const g of games.slice(0, 10)) {
      const one = computeBaseballStatistics([g]);
      const d = g.result!.detail as unknown as Detail;
      const homeOuts = one.pitching.filter((p) => p.team === 'Chicago Cubs').reduce((n, p) => n + p.outs, 0);
      expect(homeOuts).toBe(3 * d.innings);
    }
  });
  it('home opener (published box): Russell HR, 3 RBI; Heyward 2 RBI; Lester 6 IP, 3 ER; Finnegan 6⅔ IP, 2 ER', () => {
    const one = computeBaseballStatistics([games[0]]);
    const bat = (id: string) => one.batting.find((b) => b.player_id === id)!;
    expect(bat('russa002')).toMatchObject({ h: 1, hr: 1, rbi: 3 });
    expect(bat('heywj001')).toMatchObject({ rbi: 2 });
    expect(one.pitching.find((p) => p.player_id === 'lestj001')).toMatchObject({ ip: '6.0', er: 3, era: 4.5 });
    expect(one.pitching.find((p) => p.player_id === 'finnb001')).toMatchObject({ ip: '6.2', er: 2 });
  });
  it('innings notation', () => {
    expect([inningsPitched(0), inningsPitched(20), inningsPitched(27)]).toEqual(['0.0', '6.2', '9.0']);
  });
});
