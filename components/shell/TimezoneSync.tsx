'use client';
/**
 * Tells the server the browser's time zone (cookie `tz`, one year) for the next request. It
 * never refreshes the page: on the first visit, LocalTime re-writes the times in the browser's
 * zone in place, so the visit stays one navigation.
 */
import { useEffect } from 'react';
import { browserZone } from '@/browser/live/viewer-zone';

export function TimezoneSync({ serverTz }: { serverTz: string }) {
  useEffect(() => {
    const tz = browserZone();
    if (tz === serverTz) return;
    document.cookie = `tz=${encodeURIComponent(tz)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }, [serverTz]);
  return null;
}
