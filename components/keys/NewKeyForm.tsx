'use client';
/** "Get a free key": a name, one click, the key shown once with a ready-to-run cURL line. */
import { useState } from 'react';
import { createKey, KeyApiError, type NewApiKey } from '@/browser/keys/key-client';
import { ShownOnce } from './ShownOnce';

const field = 'h-9 rounded border border-line bg-bg px-2 text-sm';

export function NewKeyForm({ origin }: { origin: string }) {
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
      setError(err instanceof KeyApiError ? err.message : 'The server could not be reached; try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="new-key" className="grid gap-3 rounded-lg border border-line bg-card p-4">
      <h2 id="new-key" className="text-lg font-semibold">
        Get a free key
      </h2>
      <p className="text-sm text-muted">
        No card, no account. The free plan allows 60 requests a minute, 10,000 a day and 2 live connections.
      </p>
      {created ? (
        <ShownOnce created={created} origin={origin} />
      ) : (
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <label className="grid gap-1 text-sm">
            Name (for your records)
            <input
              className={field}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={80}
              placeholder="my app"
              data-testid="new-key-name"
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="h-9 rounded bg-accent px-4 text-sm font-semibold text-accent-fg disabled:opacity-60"
            data-testid="new-key-submit"
          >
            {busy ? 'Creating…' : 'Create key'}
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
