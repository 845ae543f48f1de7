/**
 * The browser's own IANA time zone, for the first visit: the server renders times in the zone of
 * the `tz` cookie (UTC before the browser has set it), and client components re-format them in
 * the browser's zone right after hydration, so the first visit shows local times without a second
 * request (TimezoneSync sets the cookie for the next one). Browser-safe: Intl only, no date library.
 */
import { useSyncExternalStore } from 'react';

const noop = () => () => {};
let zone: string | undefined;
/**
 * The browser's zone, read once per page: useSyncExternalStore calls its snapshot on every render
 * of every LocalTime, and each `Intl.DateTimeFormat()` costs (the first one loads ICU's zone data).
 */
export const browserZone = (): string => (zone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');

/** The zone times are shown in: the server's `serverTz` while hydrating, then the browser's zone. */
export function useViewerZone(serverTz: string): string {
  return useSyncExternalStore(noop, browserZone, () => serverTz);
}

export { formatLocal, type TimeStyle } from '@/browser/time/local-format';
