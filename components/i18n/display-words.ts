/** The viewer's `display` words for browser/live/display.ts (clock, period and event wording); a hook for server and client components. */
import { useTranslations } from 'next-intl';
import { wordsOf, type Words } from '@/browser/live/display-words';

/** The `display` messages of the request's (server) or the page's (client) language. */
export function useDisplayWords(): Words {
  return wordsOf(useTranslations('display'));
}
