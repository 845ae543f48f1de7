'use client';
/**
 * Follows one sport's `<sport>.win-probability` channel (docs/websocket.md) on the tab's live
 * connection while mounted, handing each `win_probability` message's point (the fixture's new
 * latest in-play point, the same as GET /v1/{sport}/live's `win_probability_in_play`) to `onPoint`.
 * Renders nothing.
 */
import type { InPlayWinProbability } from '@/lib/wire/live-row';
import { useChannel } from './LiveProvider';

export function InPlayFeed({
  sport,
  onPoint,
}: {
  sport: string;
  onPoint: (fixtureId: number, point: NonNullable<InPlayWinProbability>) => void;
}) {
  useChannel(`${sport}.win-probability`, (msg) => {
    if (
      msg.type !== 'win_probability' ||
      typeof msg.fixture_id !== 'number' ||
      !msg.point ||
      typeof msg.point !== 'object' ||
      'field' in msg.point
    )
      return;
    const point = msg.point as Omit<NonNullable<InPlayWinProbability>, 'started_from'>;
    onPoint(msg.fixture_id, { ...point, started_from: 'rating' });
  });
  return null;
}
