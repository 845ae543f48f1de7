/**
 * Calendar rows rendered to markup (inside the live store and the English catalogue, as the page
 * renders them on the server): a finished MMA bout shows no "0–0" (ESPN gives no judges' cards),
 * a football match its score.
 */
import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/en.json';
import { LiveProvider } from '@/components/live/LiveProvider';
import { FixtureRow } from './FixtureRow';
import type { CalendarFixture } from './load-calendar';

function row(f: Partial<CalendarFixture>): string {
  const fixture = {
    fixture_id: 7,
    sport: 'mma',
    league: 'UFC',
    league_slug: 'ufc',
    season: '2024',
    round: null,
    group: null,
    kickoff: '2024-12-14T22:00:00Z',
    local_time: '22:00',
    home_team: 'Sean Strickland',
    away_team: 'Jared Cannonier',
    venue: null,
    status: 'finished',
    score: { home: 0, away: 0 },
    home_team_id: 1,
    away_team_id: 2,
    season_id: 3,
    ...f,
  } as CalendarFixture;
  return renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: 'en', messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
      createElement(
        LiveProvider,
        null,
        createElement(FixtureRow, { fixture, renderedAt: Date.parse('2024-12-15T00:00:00Z') }),
      ),
    ),
  );
}
const scoreCell = (html: string) => /data-testid="calendar-score">(.*?)<\/span>/.exec(html)?.[1] ?? '';

describe('calendar rows', () => {
  it('MMA: a finished bout shows no 0–0 score', () => {
    const html = row({});
    expect(html).not.toContain('data-score=');
    expect(scoreCell(html)).not.toContain('0–0');
  });
  it('football: a finished match shows its score', () => {
    const html = row({ sport: 'football', home_team: 'Arsenal', away_team: 'Chelsea', score: { home: 2, away: 1 } });
    expect(html).toContain('data-score="2-1"');
    expect(scoreCell(html)).toBe('2–1');
  });
});
