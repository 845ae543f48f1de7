'use client';
/**
 * `/ops/console`: the live scoring console (docs/operators.md "Live scoring console"). Operator
 * key (sessionStorage) → sport → competition → fixture → scoring panel.
 */
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { SPORTS } from '@/lib/sports';
import { CompetitionPicker } from './CompetitionPicker';
import { FixturePicker } from './FixturePicker';
import { KeyForm } from './KeyForm';
import type { OpsCompetition } from '@/lib/wire/ops';
import { ScoringPanel } from './ScoringPanel';
import { btn, card, input, labelCls } from './styles';

// Shared with /ops/health (components/ops/health/use-feed-health.ts): one operator key per tab.
const KEY_STORAGE = 'scoreline.operatorKey';

export function ConsolePage() {
  const t = useTranslations('ops.console');
  const sports = useTranslations('sports');
  const [key, setKey] = useState<string | null>(null);
  const [sport, setSport] = useState<string>('football');
  const [competition, setCompetition] = useState<OpsCompetition | null>(null);
  const [fixtureId, setFixtureId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setKey(sessionStorage.getItem(KEY_STORAGE)), []);
  const onError = useCallback((m: string) => setError(m), []);

  function saveKey(k: string | null) {
    if (k) sessionStorage.setItem(KEY_STORAGE, k);
    else sessionStorage.removeItem(KEY_STORAGE);
    setKey(k);
    setError(null);
  }

  return (
    <article className="grid max-w-5xl gap-4">
      <h1 className="text-2xl font-bold">{t('title')}</h1>
      <p className="text-sm">
        <a href="/ops/health">{t('feedHealth')}</a>
      </p>
      <p className="text-sm text-muted">{t('intro')}</p>
      {error ? (
        <p role="alert" className="rounded border border-live p-2 text-sm">
          {error}{' '}
          <button type="button" className="underline" onClick={() => setError(null)}>
            {t('dismiss')}
          </button>
        </p>
      ) : null}
      {!key ? (
        <KeyForm onKey={saveKey} />
      ) : (
        <>
          <section aria-labelledby="console-sport" className={`${card} sm:grid-cols-[1fr_auto]`}>
            <h2 id="console-sport" className="sr-only">
              {t('sport')}
            </h2>
            <label className={labelCls}>
              {t('sport')}
              <select
                name="sport"
                className={input}
                value={sport}
                onChange={(e) => {
                  setSport(e.target.value);
                  setCompetition(null);
                  setFixtureId(null);
                }}
              >
                {SPORTS.map((s) => (
                  <option key={s} value={s}>
                    {sports(s)}
                  </option>
                ))}
              </select>
            </label>
            <button type="button" className={`${btn} self-end`} onClick={() => saveKey(null)}>
              {t('forgetKey')}
            </button>
          </section>
          <CompetitionPicker
            key={sport}
            opsKey={key}
            sport={sport}
            value={competition}
            onChange={(c) => {
              setCompetition(c);
              setFixtureId(null);
            }}
            onError={onError}
          />
          {competition ? (
            <FixturePicker
              key={competition.id}
              opsKey={key}
              competition={competition}
              value={fixtureId}
              onChange={setFixtureId}
              onError={onError}
              golf={sport === 'golf'}
            />
          ) : null}
          {fixtureId !== null ? (
            <ScoringPanel key={fixtureId} opsKey={key} sport={sport} fixtureId={fixtureId} />
          ) : null}
        </>
      )}
    </article>
  );
}
