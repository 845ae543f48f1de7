/** Webhook event-type patterns: `win_probability.updated` is opt-in (never through `*`). */
import { expect, test } from 'vitest';
import { EventPattern, typeMatches } from './webhooks';

test('patterns match their types; win_probability.updated only when named', () => {
  expect(typeMatches('match.goal', ['*'])).toBe(true);
  expect(typeMatches('odds.updated', ['match.*'])).toBe(false);
  expect(typeMatches('win_probability.updated', ['*'])).toBe(false);
  expect(typeMatches('win_probability.updated', ['match.*', 'odds.*'])).toBe(false);
  expect(typeMatches('win_probability.updated', ['win_probability.*'])).toBe(true);
  expect(typeMatches('win_probability.updated', ['*', 'win_probability.updated'])).toBe(true);
  expect(EventPattern.safeParse('win_probability.updated').success).toBe(true);
  expect(EventPattern.safeParse('win_probability.moved').success).toBe(false);
});
