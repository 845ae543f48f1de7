'use client';
/**
 * The language picker (header on wide screens, the "More" menu on phones): each language named in
 * itself; a choice is kept in the `locale` cookie (one year) and the page re-renders on the server
 * in that language (router.refresh: same URL, no full reload).
 */
import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useId, useTransition } from 'react';
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES, isLocale } from '@/lib/i18n/locales';

export function LanguagePicker({ className = '' }: { className?: string }) {
  const t = useTranslations('shell');
  const locale = useLocale();
  const router = useRouter();
  const [pending, start] = useTransition();
  const id = useId();
  return (
    <span className={`items-center gap-1.5 text-sm ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('language')}
      </label>
      <select
        id={id}
        data-testid="language-picker"
        value={locale}
        disabled={pending}
        onChange={(e) => {
          const next = e.target.value;
          if (!isLocale(next)) return;
          document.cookie = `${LOCALE_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
          start(() => router.refresh());
        }}
        className="h-8 rounded-md border border-line bg-bg px-1.5 text-sm"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
