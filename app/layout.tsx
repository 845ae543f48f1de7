import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/components/shell/SiteHeader';
import { TimezoneSync } from '@/components/shell/TimezoneSync';
import { ZoneName, ZoneProvider } from '@/components/shell/LocalTime';
import { viewerTheme, viewerTimeZone } from '@/components/shell/viewer-prefs';
import { LiveProvider } from '@/components/live/LiveProvider';
import { FollowHydrator } from '@/components/follow/FollowHydrator';
import { GoalNotifier } from '@/components/follow/GoalNotifier';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Scoreline — live sports data', template: '%s · Scoreline' },
  description: 'Self-hosted live scores, fixtures, results, standings and odds.',
};
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [theme, tz] = await Promise.all([viewerTheme(), viewerTimeZone()]);
  return (
    <html lang="en" data-theme={theme} suppressHydrationWarning>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <LiveProvider>
          <ZoneProvider serverTz={tz}>
            <SiteHeader theme={theme} />
            <TimezoneSync serverTz={tz} />
            <FollowHydrator />
            <GoalNotifier />
            <main id="main" className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-4">
              {children}
            </main>
            <footer className="mx-auto max-w-6xl px-4 py-6 text-xs text-muted">
              Times shown in <ZoneName />. Data: openfootball (CC0), StatsBomb Open Data, Football-Data.co.uk —{' '}
              <a href="/about" className="underline">
                credits
              </a>
              .
            </footer>
          </ZoneProvider>
        </LiveProvider>
      </body>
    </html>
  );
}
