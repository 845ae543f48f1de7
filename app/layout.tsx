import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { SiteHeader } from '@/components/shell/SiteHeader';
import { TimezoneSync } from '@/components/shell/TimezoneSync';
import { ZoneProvider } from '@/components/shell/LocalTime';
import { SiteFooter } from '@/components/shell/SiteFooter';
import { viewerTheme, viewerTimeZone } from '@/components/shell/viewer-prefs';
import { IntlProvider } from '@/components/i18n/IntlProvider';
import { LiveProvider } from '@/components/live/LiveProvider';
import { FollowHydrator } from '@/components/follow/FollowHydrator';
import { GoalNotifier } from '@/components/follow/GoalNotifier';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: { default: t('title'), template: '%s · Scoreline' }, description: t('description') };
}
export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [theme, tz, locale, messages, t] = await Promise.all([
    viewerTheme(),
    viewerTimeZone(),
    getLocale(),
    getMessages(),
    getTranslations('shell'),
  ]);
  return (
    <html lang={locale} data-theme={theme} suppressHydrationWarning>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-card focus:px-3 focus:py-2"
        >
          {t('skip')}
        </a>
        <IntlProvider locale={locale} timeZone={tz} messages={messages}>
          <LiveProvider>
            <ZoneProvider serverTz={tz}>
              <SiteHeader theme={theme} />
              <TimezoneSync serverTz={tz} />
              <FollowHydrator />
              <GoalNotifier />
              <main id="main" className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-4">
                {children}
              </main>
              <SiteFooter />
            </ZoneProvider>
          </LiveProvider>
        </IntlProvider>
      </body>
    </html>
  );
}
