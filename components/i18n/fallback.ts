/**
 * What a missing or broken message renders as, on the server and in the browser alike: a visible
 * `[missing: namespace.key]` marker (never the English text), logged once per render with its
 * code. The e2e (e2e/languages.test.ts) fails on any marker on a page.
 */
import type { IntlError } from 'next-intl';

/** The marker's opening; a page's text containing it has a missing message. */
export const MISSING_MARK = '[missing: ';

/** next-intl's getMessageFallback: `[missing: ns.key]`. */
export function messageFallback({ namespace, key }: { namespace?: string; key: string }): string {
  return `${MISSING_MARK}${namespace ? `${namespace}.${key}` : key}]`;
}

/** next-intl's onError: logs the error's code and message (console.error, so the e2e's console listener sees it). */
export function onIntlError(error: IntlError): void {
  console.error(`[i18n] ${error.code}: ${error.message}`);
}
