'use client';
/**
 * Instants written in the viewer's zone. The server formats times in the `tz` cookie's zone
 * (UTC before the browser has set it) and that text is what hydrates; when the browser's zone
 * differs — the first visit — client components re-write them in the browser's zone at once, with
 * no second request (browser/live/viewer-zone.ts). ZoneProvider (in the root layout) carries the
 * server's zone to them.
 */
import { useLocale } from 'next-intl';
import { createContext, useContext, type ReactNode } from 'react';
import { formatLocal, useViewerZone, type TimeStyle } from '@/browser/live/viewer-zone';

const ServerZone = createContext('UTC');

/** Gives the server's rendering zone to LocalTime, ZoneName and useLocalText below it. */
export function ZoneProvider({ serverTz, children }: { serverTz: string; children: ReactNode }) {
  return <ServerZone.Provider value={serverTz}>{children}</ServerZone.Provider>;
}

/** `{ server, shown }`: the zone the server rendered in and the zone to show (the browser's, after hydration). */
export function useZones(): { server: string; shown: string } {
  const server = useContext(ServerZone);
  return { server, shown: useViewerZone(server) };
}

/** The server's `text` for `iso`, or the same instant in the browser's zone (and the page's language) when that differs. */
export function useLocalText(iso: string, text: string, style: TimeStyle): string {
  const { server, shown } = useZones();
  const locale = useLocale();
  return shown === server ? text : formatLocal(iso, shown, style, locale);
}

/** `<time>` with the server's `text`, re-written in the browser's zone when that differs. */
export function LocalTime({ iso, text, style }: { iso: string; text: string; style: TimeStyle }) {
  return <time dateTime={iso}>{useLocalText(iso, text, style)}</time>;
}

/** The zone times are shown in (footer "Times shown in …"). */
export function ZoneName() {
  return <>{useZones().shown}</>;
}
