/**
 * What a sport contributes to the scoreboard card (components/live/MatchCard.tsx) and the match
 * header (components/match/MatchHeader.tsx). Every part is optional; the card and header fall back
 * to the plain score and the latest event. Parts are plain render functions (no hooks); `w` is the
 * viewer's `display` words (messages/<locale>.json `display`, the boards' under `display.board`;
 * English when omitted).
 */
import type { ReactNode } from 'react';
import type { LiveMatch } from '@/lib/wire/schemas';
import type { Side } from './read';
import type { Words } from '@/browser/live/display';

export interface SportLine {
  /** The score cell at the right of a side's row (default: the headline score). */
  side?(m: LiveMatch, side: Side, w?: Words): ReactNode;
  /** A small marker after a side's name: red cards, serving, batting. */
  marker?(m: LiveMatch, side: Side, w?: Words): ReactNode;
  /** A side's big figure in the match header (default: its score), e.g. cricket "138/5". */
  headline?(m: LiveMatch, side: Side, w?: Words): string;
  /**
   * The header's centre in place of the two headline figures, for a sport with no running score
   * (MMA: the round, then how the bout ended); null keeps "home – away".
   */
  centre?(m: LiveMatch, w?: Words): string | null;
  /** One short line under the card's rows: the sport's situation (default: the latest event). */
  summary?(m: LiveMatch, now: number, w?: Words): ReactNode;
  /** Small lines under the header's clock (football: half-time score, penalties). */
  notes?(m: LiveMatch, w?: Words): ReactNode;
  /** A full-width block under the header: line score, innings, sets, leaderboard, rounds, maps. */
  board?(m: LiveMatch, now: number, w?: Words): ReactNode;
  /** Replaces both team rows on the card (golf: the top of the leaderboard). */
  rows?(m: LiveMatch, w?: Words): ReactNode;
  /** Whether a score change flashes the card (goal-like sports; not every run or point). */
  flash?: boolean;
}
