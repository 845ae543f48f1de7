'use client';
/**
 * Loads the followed teams from localStorage once the page has hydrated (root layout), in an idle
 * callback (the first localStorage read is slow: it opens the origin's storage), or at once on the
 * viewer's first tap or key, so a Follow click is never overwritten by a later rehydration.
 */
import { useEffect } from 'react';
import { useFollow } from './follow-store';

export function FollowHydrator() {
  useEffect(() => {
    let done = false;
    const events = ['pointerdown', 'keydown'] as const;
    const run = () => {
      if (done) return;
      done = true;
      for (const e of events) window.removeEventListener(e, run, true);
      void useFollow.persist.rehydrate();
    };
    for (const e of events) window.addEventListener(e, run, true);
    const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 1000 }) : undefined;
    const timer = idle === undefined ? setTimeout(run, 200) : undefined;
    return () => {
      done = true;
      for (const e of events) window.removeEventListener(e, run, true);
      if (idle !== undefined) cancelIdleCallback(idle);
      if (timer) clearTimeout(timer);
    };
  }, []);
  return null;
}
