'use client';
/**
 * Step 4: the scoring panel of one fixture. Shows the score, period and status from
 * `GET /v1/ops/fixtures/{id}` (refreshed after every push and every 3 s), the sport's buttons
 * for that state, a side toggle and player/minute/clock inputs, Undo (a retraction of the latest
 * event), the result of each push (aria-live) and the stored timeline.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CLOCK_SPORTS, consoleButtons, MINUTE_SPORTS, sideNames } from '@/browser/console/buttons';
import { parseClock } from '@/browser/console/common';
import { eventIds, opsEvent, undoCorrection, undoTarget } from '@/browser/console/session';
import type { ConsoleButton, Side } from '@/browser/console/types';
import { ButtonPad } from './ButtonPad';
import { fixtureDetail, pushCorrection, pushEvent, type OpsFixtureDetail, type PushResult } from './ops-client';
import { Timeline } from './Timeline';
import { btn, card, input, labelCls } from './styles';
import { viewOf } from './view';

interface Feedback {
  status: PushResult['status'] | 'error';
  text: string;
}

export function ScoringPanel({ opsKey, sport, fixtureId }: { opsKey: string; sport: string; fixtureId: number }) {
  const [detail, setDetail] = useState<OpsFixtureDetail | null>(null);
  const [side, setSide] = useState<Side>('home');
  const [player, setPlayer] = useState('');
  const [minute, setMinute] = useState('');
  const [clock, setClock] = useState('');
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const nextId = useMemo(() => eventIds(fixtureId), [fixtureId]);

  const refresh = useCallback(async () => {
    try {
      setDetail(await fixtureDetail(opsKey, fixtureId));
    } catch (e) {
      setFeedback({ status: 'error', text: `Could not read the fixture: ${(e as Error).message}` });
    }
  }, [opsKey, fixtureId]);
  useEffect(() => {
    void refresh();
    const t = setInterval(() => void refresh(), 3000);
    return () => clearInterval(t);
  }, [refresh]);

  const view = detail ? viewOf(detail) : null;
  const buttons = view ? consoleButtons(sport, view) : [];
  const names = sideNames(sport);
  const f = detail?.fixture;

  async function report(label: string, run: () => Promise<PushResult>) {
    setBusy(true);
    try {
      const r = await run();
      const text =
        r.status === 'rejected'
          ? `Rejected: ${label}: ${r.error ?? 'refused'}`
          : `${r.status === 'stored' ? 'Stored' : 'Duplicate'}: ${label}${r.seq ? ` (seq ${r.seq})` : ''}`;
      setFeedback({ status: r.status, text });
      if (r.status === 'stored') setPlayer('');
    } catch (e) {
      setFeedback({ status: 'error', text: `Not sent: ${label}: ${(e as Error).message}` });
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  function send(b: ConsoleButton, fields: Record<string, string>) {
    try {
      if (b.player?.required && !player.trim()) throw new Error(`${b.player.label} is required`);
      const m = minute.trim() === '' ? null : Number(minute);
      if (m !== null && (!Number.isInteger(m) || m < 0)) throw new Error('minute must be a whole number');
      const draft = b.event({
        side,
        player,
        fields,
        minute: m,
        clock_seconds: clock.trim() === '' ? null : parseClock(clock),
      });
      const event = opsEvent(fixtureId, nextId(), draft, new Date().toISOString());
      void report(b.label, () => pushEvent(opsKey, event));
    } catch (e) {
      setFeedback({ status: 'error', text: `Not sent: ${b.label}: ${(e as Error).message}` });
    }
  }

  function undo() {
    const target = detail ? undoTarget(detail.events) : null;
    if (!target) return setFeedback({ status: 'error', text: 'Nothing to undo' });
    void report(`Undo ${target.type.replace(/_/g, ' ')}`, () =>
      pushCorrection(opsKey, undoCorrection(fixtureId, nextId(), target)),
    );
  }

  return (
    <section aria-labelledby="console-scoring" className="grid gap-4">
      <div className={card}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="console-scoring" className="text-lg font-semibold">
            {f ? `${f.home_team} v ${f.away_team}` : 'Loading…'}
          </h2>
          <a href={`/matches/${fixtureId}`} target="_blank" rel="noreferrer" className="text-sm underline">
            Public match page
          </a>
        </div>
        {view ? (
          <p
            data-testid="console-score"
            data-score={`${view.score.home}-${view.score.away}`}
            data-status={view.status}
            data-period={view.period}
            className="flex flex-wrap items-baseline gap-4"
          >
            <span className="text-3xl font-bold tabular-nums">
              {view.score.home}–{view.score.away}
            </span>
            <span className="text-sm text-muted">
              status <strong className="text-fg">{view.status}</strong> · period{' '}
              <strong className="text-fg">{view.period.replace(/_/g, ' ')}</strong>
              {view.minute && (view.status === 'in_play' || view.status === 'break') ? ` · ${view.minute}'` : ''}
            </span>
          </p>
        ) : null}
        <p
          role="status"
          aria-live="polite"
          data-testid="push-result"
          data-status={feedback?.status ?? ''}
          className={`min-h-6 text-sm ${feedback?.status === 'rejected' || feedback?.status === 'error' ? 'text-live' : ''}`}
        >
          {feedback?.text ?? ''}
        </p>
      </div>
      <div className={card}>
        <div className="flex flex-wrap items-end gap-3">
          {names && f ? (
            <fieldset className="flex gap-3 text-sm">
              <legend className="mb-1">Side</legend>
              {(['home', 'away'] as const).map((s) => (
                <label key={s} className="flex items-center gap-1">
                  <input type="radio" name="side" value={s} checked={side === s} onChange={() => setSide(s)} />
                  {`${names[s]}: ${s === 'home' ? f.home_team : f.away_team}`}
                </label>
              ))}
            </fieldset>
          ) : null}
          <label className={labelCls}>
            Player
            <input name="player" className={input} value={player} onChange={(e) => setPlayer(e.target.value)} />
          </label>
          {MINUTE_SPORTS.includes(sport) ? (
            <label className={labelCls}>
              Minute (empty: match clock)
              <input
                name="minute"
                inputMode="numeric"
                className={`${input} w-24`}
                value={minute}
                onChange={(e) => setMinute(e.target.value)}
              />
            </label>
          ) : null}
          {CLOCK_SPORTS.includes(sport) ? (
            <label className={labelCls}>
              Clock left (m:ss, optional)
              <input
                name="clock"
                className={`${input} w-24`}
                value={clock}
                onChange={(e) => setClock(e.target.value)}
              />
            </label>
          ) : null}
          <button
            type="button"
            data-button="undo"
            className={btn}
            disabled={busy || !detail || !undoTarget(detail.events)}
            onClick={undo}
          >
            Undo last event
          </button>
        </div>
        <ButtonPad buttons={buttons} busy={busy} onSend={send} />
      </div>
      {detail ? <Timeline detail={detail} /> : null}
    </section>
  );
}
