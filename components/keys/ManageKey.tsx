'use client';
/** "Manage a key": paste a key to see its plan and last use, rotate it or revoke it. */
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { formatLocal } from '@/browser/time/local-format';
import { describeKey, KeyApiError, revokeKey, rotateKey, type ApiKey, type NewApiKey } from '@/browser/keys/key-client';
import { ShownOnce } from './ShownOnce';

const button = 'h-9 rounded border border-line px-3 text-sm hover:border-accent disabled:opacity-60';

export function ManageKey({ origin, timeZone }: { origin: string; timeZone: string }) {
  const t = useTranslations('keys');
  const locale = useLocale();
  const [key, setKey] = useState('');
  const [info, setInfo] = useState<ApiKey | null>(null);
  const [rotated, setRotated] = useState<NewApiKey | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (err) {
      setInfo(null);
      setMessage(err instanceof KeyApiError ? err.message : t('unreachable'));
    } finally {
      setBusy(false);
    }
  }
  const show = () => run(async () => setInfo(await describeKey(key)));
  const rotate = () =>
    run(async () => {
      const next = await rotateKey(key);
      setRotated(next);
      setKey('');
      setInfo(null);
    });
  const revoke = () =>
    run(async () => {
      await revokeKey(key);
      setRotated(null);
      setKey('');
      setInfo(null);
      setConfirmRevoke(false);
      setMessage(t('manage.revoked'));
    });
  const when = (iso: string | null) =>
    iso ? `${formatLocal(iso, timeZone, 'long', locale)} (${timeZone})` : t('manage.never');

  return (
    <section aria-labelledby="manage-key" className="grid gap-3 rounded-lg border border-line bg-card p-4">
      <h2 id="manage-key" className="text-lg font-semibold">
        {t('manage.title')}
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void show();
        }}
        className="flex flex-wrap items-end gap-2"
      >
        <label className="grid min-w-64 flex-1 gap-1 text-sm">
          {t('manage.yourKey')}
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            className="h-9 rounded border border-line bg-bg px-2 text-sm"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            placeholder="sl_…"
            data-testid="manage-key-input"
          />
        </label>
        <button type="submit" disabled={busy || !key.trim()} className={button} data-testid="manage-key-show">
          {t('manage.show')}
        </button>
        <button
          type="button"
          disabled={busy || !key.trim()}
          onClick={() => void rotate()}
          className={button}
          data-testid="manage-key-rotate"
        >
          {t('manage.rotate')}
        </button>
        <button
          type="button"
          disabled={busy || !key.trim()}
          onClick={() => setConfirmRevoke(true)}
          className={button}
          data-testid="manage-key-revoke"
        >
          {t('manage.revoke')}
        </button>
      </form>
      {confirmRevoke && (
        <div
          role="alertdialog"
          aria-labelledby="revoke-q"
          className="flex flex-wrap items-center gap-2 rounded border border-line p-2"
        >
          <p id="revoke-q" className="text-sm">
            {t('manage.revokeQ')}
          </p>
          <button
            type="button"
            onClick={() => void revoke()}
            className={`${button} border-loss`}
            data-testid="manage-key-revoke-confirm"
          >
            {t('manage.revokeKey')}
          </button>
          <button type="button" onClick={() => setConfirmRevoke(false)} className={button}>
            {t('manage.cancel')}
          </button>
        </div>
      )}
      {info && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="manage-key-info">
          <dt className="text-muted">{t('manage.name')}</dt>
          <dd>{info.name}</dd>
          <dt className="text-muted">{t('manage.key')}</dt>
          <dd>
            <code>{info.prefix}…</code>
          </dd>
          <dt className="text-muted">{t('manage.plan')}</dt>
          <dd>
            {t('manage.limits', {
              plan: info.plan,
              perMinute: info.limits.requests_per_minute,
              perDay: info.limits.requests_per_day,
              connections: info.limits.websocket_connections,
              webhooks: info.limits.webhook_endpoints,
            })}
          </dd>
          <dt className="text-muted">{t('manage.created')}</dt>
          <dd>{when(info.created_at)}</dd>
          <dt className="text-muted">{t('manage.lastUsed')}</dt>
          <dd data-testid="manage-key-last-used">{when(info.last_used_at)}</dd>
        </dl>
      )}
      {rotated && <ShownOnce created={rotated} origin={origin} />}
      {message && (
        <p role="alert" className="text-sm">
          {message}
        </p>
      )}
    </section>
  );
}
