/**
 * next-intl's request configuration (wired in next.config.ts; "without i18n routing": no locale in
 * the URL). The locale comes from the `locale` cookie or Accept-Language (lib/i18n/locales.ts),
 * the messages from messages/<locale>.json, the time zone from the `tz` cookie (viewer-prefs.ts).
 * A message missing from a catalogue renders as `[missing: namespace.key]` (MISSING_MARK) and is
 * logged, so a page or the e2e (e2e/languages.test.ts) shows it instead of silently falling back.
 */
import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { LOCALE_COOKIE, pickLocale, type Locale } from '@/lib/i18n/locales';
import { viewerTimeZone } from '@/components/shell/viewer-prefs';
import { messageFallback, onIntlError } from './fallback';

/** The viewer's language for this request (cookie, then Accept-Language, then English). */
export async function requestLocale(): Promise<Locale> {
  const [jar, h] = await Promise.all([cookies(), headers()]);
  return pickLocale(jar.get(LOCALE_COOKIE)?.value, h.get('accept-language'));
}

export default getRequestConfig(async () => {
  const [locale, timeZone] = await Promise.all([requestLocale(), viewerTimeZone()]);
  return {
    locale,
    timeZone,
    messages: (await import(`../../messages/${locale}.json`)).default,
    getMessageFallback: messageFallback,
    onError: onIntlError,
  };
});
