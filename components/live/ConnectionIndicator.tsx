'use client';
/** The live channel's state in the header: a dot and a word, announced politely to screen readers. */
import { useTranslations } from 'next-intl';
import { useLive } from './LiveProvider';

const DOT = {
  connecting: 'bg-muted',
  open: 'bg-accent',
  reconnecting: 'bg-live animate-pulse',
  closed: 'bg-muted',
} as const;

export function ConnectionIndicator() {
  const t = useTranslations('shell.connection');
  const state = useLive((s) => s.connection);
  const reconnects = useLive((s) => s.reconnects);
  return (
    <span
      data-testid="connection"
      data-state={state}
      data-reconnects={reconnects}
      role="status"
      aria-live="polite"
      className="inline-flex w-28 items-center gap-2 text-sm text-muted"
    >
      <span aria-hidden="true" className={`inline-block h-2.5 w-2.5 rounded-full ${DOT[state]}`} />
      {t(state)}
    </span>
  );
}
