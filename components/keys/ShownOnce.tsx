'use client';
/** A key that was just created or rotated: shown once, with copy and a first request to try. */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { NewApiKey } from '@/browser/keys/key-client';

export function ShownOnce({ created, origin }: { created: NewApiKey; origin: string }) {
  const t = useTranslations('keys.once');
  const [copied, setCopied] = useState(false);
  async function copy() {
    await navigator.clipboard?.writeText(created.key).catch(() => undefined);
    setCopied(true);
  }
  return (
    <div className="grid gap-2" data-testid="shown-once">
      <p role="status" className="font-semibold">
        {created.replaces ? t('newKey') : t('key')} {t('copyNow')}
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <code className="break-all rounded bg-line/30 px-2 py-1 text-sm" data-testid="new-key-value">
          {created.key}
        </code>
        <button
          type="button"
          onClick={copy}
          className="rounded border border-line px-3 py-1 text-sm hover:border-accent"
        >
          {copied ? t('copied') : t('copy')}
        </button>
      </div>
      <p className="text-sm text-muted">
        {t.rich('plan', {
          plan: created.plan,
          perMinute: created.limits.requests_per_minute,
          perDay: created.limits.requests_per_day,
          connections: created.limits.websocket_connections,
          strong: (c) => <strong>{c}</strong>,
        })}
      </p>
      <pre tabIndex={0} aria-label={t('firstRequest')} className="overflow-x-auto rounded bg-line/30 p-2 text-sm">
        <code>{`curl -H "Authorization: Bearer ${created.key}" "${origin}/v1/football/live"`}</code>
      </pre>
    </div>
  );
}
