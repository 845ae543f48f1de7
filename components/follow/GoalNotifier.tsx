'use client';
/**
 * Browser notifications for followed teams' goals (root layout). Fed by the tab's live WebSocket
 * store: when a match of a followed team (components/follow/follow-store.ts) in a goal-like sport
 * changes score, and the viewer turned goal alerts on (which asked the browser's permission from
 * a click, GoalAlertsButton), shows "Goal: Arsenal 2–1 Chelsea". Never asks for permission itself.
 * One notification per score (tag = fixture id), nothing for the snapshot a page opens with.
 */
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { useLive } from '@/components/live/LiveProvider';
import type { LiveMatch } from '@/lib/wire/schemas';
import { followsMatch, useFollow } from './follow-store';

/** Sports whose score changes are goals (the card flash's sports, components/live/sport-lines `flash`). */
const GOAL_SPORTS = new Set(['football', 'ice-hockey', 'rugby', 'baseball', 'esports']);

/** The notification of one score change: title (`title`: follow.goalNotice of the page's catalogue) and body. */
export function goalNotice(
  m: LiveMatch,
  title: (v: { home: string; homeScore: number; awayScore: number; away: string }) => string,
): { title: string; body: string } {
  return {
    title: title({ home: m.home_team, homeScore: m.score.home, awayScore: m.score.away, away: m.away_team }),
    body: [m.league, m.minute ? `${m.minute}'` : ''].filter(Boolean).join(' · '),
  };
}

export function GoalNotifier() {
  const t = useTranslations('follow');
  const scoredAt = useLive((s) => s.scoredAt);
  const matches = useLive((s) => s.matches);
  useEffect(() => {
    const { goalAlerts, teams } = useFollow.getState();
    if (!goalAlerts || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const now = Date.now();
    for (const [id, at] of Object.entries(scoredAt)) {
      const m = matches[Number(id)];
      // Only changes seen just now: this effect runs on every store change.
      if (!m || now - at > 2_000 || !GOAL_SPORTS.has(m.sport) || !followsMatch(teams, m)) continue;
      const { title, body } = goalNotice(m, (v) => t('goalNotice', v));
      const key = `${id}:${m.score.home}-${m.score.away}`;
      if (shown.has(key)) continue;
      shown.add(key);
      try {
        new Notification(title, { body, tag: `goal-${id}`, icon: '/favicon.ico' });
      } catch {
        /* some mobile browsers only notify through a service worker: nothing to show then */
      }
    }
  }, [scoredAt, matches, t]);
  return null;
}

const shown = new Set<string>();
