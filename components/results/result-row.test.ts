/**
 * A result row, rendered (react-dom/server, the English catalogue): an MMA bout shows how it ended,
 * not a "0–0" score (ESPN gives no judges' cards, so the rounds-won score is 0–0); football keeps
 * its score.
 */
import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/en.json';
import type { Result } from '@/lib/wire/schemas';
import { ResultRow } from './ResultRow';

function row(r: Partial<Result>): string {
  const result = {
    fixture_id: 7,
    home_team: 'Sean Strickland',
    away_team: 'Jared Cannonier',
    score: { home: 0, away: 0 },
    winner: 'home',
    halftime_score: null,
    penalties: null,
    group: null,
    round: null,
    ...r,
  } as Result;
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: 'en', messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(ResultRow, { result, when: '16 Dec' }),
    ),
  );
}
const scoreCell = (html: string) => /<span class="text-base font-bold tabular">([^<]*)</.exec(html)?.[1];

describe('result rows', () => {
  it('MMA: the method, round and time, no 0–0', () => {
    const html = row({
      sport: 'mma',
      result: { winner: 'home', method: 'S-DEC', round: 5, time_seconds: 300 },
    } as Partial<Result>);
    expect(scoreCell(html)).toBe('–');
    expect(html).toContain('Sean Strickland by S-DEC, R5 5:00');
    expect(html).not.toMatch(/Sean Strickland 0, Jared Cannonier 0/);
  });

  it('football keeps its score', () => {
    const html = row({ sport: 'football', home_team: 'Burnley', away_team: 'Man City', score: { home: 0, away: 3 } });
    expect(scoreCell(html)).toBe('0–3');
  });
});
