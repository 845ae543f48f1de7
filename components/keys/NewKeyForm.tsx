'use client';
/** "Get a free key": a name, one click, the key shown once with a ready-to-run cURL line. */
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { createKey, KeyApiError, type NewApiKey } from '@/browser/keys/key-client';
import { ShownOnce } from './ShownOnce';

const field = 'h-9 rounded border border-line bg-bg px-2 text-sm';

export function NewKeyForm({ origin }: { origin: string }) {
  const t = useTranslations('keys');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setCreated(await createKey(name));
    } catch (err) {
      setError(err instanceof KeyApiError ? err.message : t('unreachable'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="new-key" className="grid gap-3 rounded-lg border border-line bg-card p-4">
      <h2 id="new-key" className="text-lg font-semibold">
        {t('new.title')}
      </h2>
      <p className="text-sm text-muted">{t('new.note', { perMinute: 60, perDay: 10_000, connections: 2 })}</p>
      {created ? (
        <ShownOnce created={created} origin={origin} />
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm">
            {t('new.name')}
            <input
              className={field}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              placeholder={t('new.namePlaceholder')}
              data-testid="new-key-name"
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="h-9 rounded bg-accent px-4 text-sm font-semibold text-accent-fg disabled:opacity-60"
            data-testid="new-key-submit"
          >
            {busy ? t('new.creating') : t('new.create')}
          </button>
        </form>
      )}
      {error && (
        <p role="alert" className="text-sm text-loss">
          {error}
        </p>
      )}
    </section>
  );
}
