/**
 * The match header's centre, rendered (react-dom/server, the English catalogue): MMA has no
 * running score, so a bout shows its round while live and how it ended once finished — never the
 * "0 – 0" the header printed for every ESPN bout before (ESPN gives no judges' cards, so the
 * rounds-won score stays 0–0); a sport with a score keeps "home – away".
 */
import { NextIntlClientProvider } from 'next-intl';
import { type ComponentProps, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/en.json';
import type { Fixture, LiveMatch } from '@/lib/wire/schemas';
import { liveMatch, STATES } from '@/test/fixtures/wire/live-matches';
import { MatchHeader } from './MatchHeader';

const fixture = (m: LiveMatch) =>
  ({
    fixture_id: m.fixture_id,
    sport: m.sport,
    home_team: m.home_team,
    away_team: m.away_team,
    kickoff: '2022-10-22T22:00:00.000Z',
    venue: null,
  }) as unknown as Fixture;

/** The text of the header's `match-score` element. */
function centre(m: LiveMatch): string {
  const header = createElement(MatchHeader, {
    match: m,
    fixture: fixture(m),
    kickoffLocal: 'Sat 22 Oct 22:00',
    now: Date.parse(m.updated_at),
  });
  const html = renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale: 'en', messages, timeZone: 'UTC' } as ComponentProps<typeof NextIntlClientProvider>,
      header,
    ),
  );
  const got = /data-testid="match-score"[^>]*>([^<]*)</.exec(html);
  expect(got, html.slice(0, 400)).not.toBeNull();
  return got![1].replace(/&#x27;/g, "'");
}

/** A bout as ESPN gives it: no judge's card, so the rounds-won score is 0–0. */
const espnBout = (over: Partial<LiveMatch> = {}) =>
  liveMatch('mma', {
    score: { home: 0, away: 0 },
    state: { ...(STATES.mma as object), scorecards: [], rounds: [] },
    ...over,
  });

describe('match header centre', () => {
  it('MMA live: the round, not "0 – 0"', () => {
    expect(centre(espnBout())).toBe('Round 2 of 3');
    const noSchedule = espnBout();
    noSchedule.state = { ...(noSchedule.state as object), scheduled_rounds: null, round: null };
    expect(centre(noSchedule)).toBe('Round 2'); // from the period round_2
  });

  it('MMA finished: how the bout ended', () => {
    const done = espnBout({ status: 'finished', period: 'final' });
    done.state = {
      ...(done.state as object),
      method: 'KO/TKO',
      result: { winner: 'away', method: 'KO/TKO', round: 2, time_seconds: 252 },
    };
    expect(centre(done)).toBe('Away Side by KO/TKO, R2 4:12');
  });

  it('a sport with a running score keeps home – away', () => {
    expect(centre(liveMatch('rugby', { score: { home: 24, away: 17 } }))).toBe('24 – 17');
  });
});
