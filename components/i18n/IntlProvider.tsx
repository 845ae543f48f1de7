'use client';
/**
 * next-intl's client provider with the dashboard's fallback and error handler (functions cannot
 * cross from the server layout, so they are set here). The root layout gives it the request's
 * locale, time zone and messages (components/i18n/request.ts).
 */
import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { messageFallback, onIntlError } from './fallback';

export function IntlProvider({
  locale,
  timeZone,
  messages,
  children,
}: {
  locale: Locale;
  timeZone: string;
  messages: AbstractIntlMessages;
  children: ReactNode;
}) {
  return (
    <NextIntlClientProvider
      locale={locale}
      timeZone={timeZone}
      messages={messages}
      getMessageFallback={messageFallback}
      onError={onIntlError}
    >
      {children}
    </NextIntlClientProvider>
  );
}
