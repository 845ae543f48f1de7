'use client';
/** Wall time in ms, re-rendering every `everyMs`; starts at `initial` (the server's render time) so hydration matches. */
import { useEffect, useState } from 'react';

export function useNow(initial: number, everyMs = 1000): number {
  const [now, setNow] = useState(initial);
  useEffect(() => {
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}
