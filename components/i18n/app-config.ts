/**
 * next-intl's types for this app: every `t('key')` is checked against messages/en.json at
 * compile time (npx tsc), and the locale is one of lib/i18n/locales.ts's. The other catalogues
 * are held to the same keys by components/i18n/catalogues.test.ts.
 */
import type en from '@/messages/en.json';
import type { Locale } from '@/lib/i18n/locales';

declare module 'next-intl' {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
