/**
 * The viewer's display preferences, read on the server from cookies set by the browser:
 * `tz` (IANA zone, set by TimezoneSync; UTC until known) and `theme` (light | dark | system).
 */
import { cookies } from 'next/headers';
import { isTimeZone } from '@/browser/time/format';

export type Theme = 'light' | 'dark' | 'system';

/** The viewer's time zone, or "UTC" before the browser has told us. */
export async function viewerTimeZone(): Promise<string> {
  const tz = (await cookies()).get('tz')?.value;
  const decoded = tz ? decodeURIComponent(tz) : undefined;
  return isTimeZone(decoded) ? decoded : 'UTC';
}

/** The chosen theme (default: follow the system). */
export async function viewerTheme(): Promise<Theme> {
  const t = (await cookies()).get('theme')?.value;
  return t === 'light' || t === 'dark' ? t : 'system';
}
