/**
 * The dashboard's languages and how a request picks one (docs/languages.md): the viewer's choice
 * in the `locale` cookie (set by the header's language picker) wins, then the best match of the
 * browser's `Accept-Language` header (RFC 9110 §12.5.4: quality values, a region falls back to its
 * language, `pt-BR` → `pt`), then English. Pure: no I/O, usable on server and client.
 */

/** The languages with a complete message catalogue (messages/<locale>.json), English first. */
export const LOCALES = ['en', 'de', 'es', 'fr', 'pt'] as const;
/** One of {@link LOCALES}. */
export type Locale = (typeof LOCALES)[number];
/** The language when neither the cookie nor Accept-Language names one we have. */
export const DEFAULT_LOCALE: Locale = 'en';
/** The cookie holding the viewer's choice (a {@link Locale}; one year, Path=/). */
export const LOCALE_COOKIE = 'locale';

/** Each language's name in itself, for the picker. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  pt: 'Português',
};

/**
 * The BCP 47 tag dates and numbers are formatted with: English is British English (day before
 * month, 24-hour clock, as the dashboard always wrote it); German, Spanish and French as in Germany, Spain and France, Portuguese as in Brazil (as its catalogue is written).
 */
export const INTL_TAG: Record<Locale, string> = { en: 'en-GB', de: 'de-DE', es: 'es-ES', fr: 'fr-FR', pt: 'pt-BR' };

/** True when `v` is one of {@link LOCALES}. */
export function isLocale(v: unknown): v is Locale {
  return typeof v === 'string' && (LOCALES as readonly string[]).includes(v);
}

/**
 * The best of {@link LOCALES} for an `Accept-Language` value (e.g. `"de-CH,de;q=0.9,en;q=0.8"` →
 * `de`), or undefined when it names none of them (or is missing). Ranges with q=0 are refused; `*`
 * matches nothing specific (the caller's default applies). Ties keep the header's order.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranges = header
    .slice(0, 1_000)
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split('-')[0], quality: Number.isFinite(quality) ? quality : 0, i };
    })
    .filter((r) => r.quality > 0 && r.lang)
    .sort((a, b) => b.quality - a.quality || a.i - b.i);
  return ranges.find((r) => isLocale(r.lang))?.lang as Locale | undefined;
}

/** The request's language: the cookie's valid choice, else Accept-Language's best match, else {@link DEFAULT_LOCALE}. */
export function pickLocale(cookie: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  if (isLocale(cookie)) return cookie;
  return matchAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
}
