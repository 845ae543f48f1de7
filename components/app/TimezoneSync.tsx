'use client';
/**
 * Tells the server the browser's time zone (cookie `tz`, one year) and re-renders once when it
 * differs from what the server used, so kickoff times and calendar days are the viewer's own.
 */
import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

export function TimezoneSync({ serverTz }: { serverTz: string }) {
  const router = useRouter();
  useEffect(() => {
    const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!tz || tz === serverTz) return;
    document.cookie = `tz=${encodeURIComponent(tz)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    router.refresh();
  }, [serverTz, router]);
  return null;
}
