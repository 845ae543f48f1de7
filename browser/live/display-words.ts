/**
 * The words browser/live/display.ts writes clocks, periods and events with: the `display`
 * messages of a catalogue (messages/<locale>.json) behind a small interface, so the pure wording
 * functions take the viewer's language without depending on React. ENGLISH (messages/en.json) is
 * the default; pages pass useDisplayWords() (components/i18n/display-words.ts).
 */
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';

/** A `display` message by key (`t`, ICU values) and whether the catalogue has a key (`has`). */
export interface Words {
  t(key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/** Wraps a next-intl translator of the `display` namespace (client, server or createTranslator) as {@link Words}. */
export function wordsOf(tr: { has(key: never): boolean }): Words {
  const t = tr as unknown as ((k: string, v?: Record<string, string | number>) => string) & { has(k: string): boolean };
  return { t: (key, values) => t(key, values), has: (key) => t.has(key) };
}

/** English, the default of every wording function. */
export const ENGLISH: Words = wordsOf(createTranslator({ locale: 'en', messages: en, namespace: 'display' }));
