'use client';
/**
 * Polls GET /v1/ops/health every 5 s with an operator key (sent as a bearer header, never in the
 * URL) and keeps the latest report. The key lives in sessionStorage (`scoreline.operatorKey`):
 * gone when the tab closes. A 401/403 stops polling until another key is entered.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedHealth } from '@/lib/wire/ops-health';

/** Poll interval, ms. */
export const POLL_MS = 5000;
const STORAGE_KEY = 'scoreline.operatorKey';

export type HealthError = {
  kind: 'unauthorized' | 'forbidden' | 'rate_limited' | 'server' | 'network';
  message: string;
};

/** The message shown for a failed poll, by HTTP status (0: no answer). */
export function describeFailure(status: number, detail?: string): HealthError {
  if (status === 401)
    return { kind: 'unauthorized', message: 'This key is invalid or revoked (401). Enter an operator key.' };
  if (status === 403)
    return {
      kind: 'forbidden',
      message: 'This key cannot read feed health (403): it needs an operator key (slo_…), not a data key.',
    };
  if (status === 429)
    return { kind: 'rate_limited', message: `Rate limited (429)${detail ? `: ${detail}` : ''}. Retrying.` };
  if (status === 0) return { kind: 'network', message: 'The server could not be reached. Retrying.' };
  return { kind: 'server', message: `The server answered ${status}${detail ? `: ${detail}` : ''}. Retrying.` };
}

/** The operator key (from sessionStorage after mount), the latest report, and the last failure. */
export function useFeedHealth() {
  const [key, setKeyState] = useState<string | null>(null);
  const [report, setReport] = useState<FeedHealth | null>(null);
  const [error, setError] = useState<HealthError | null>(null);
  const [fetchedAt, setFetchedAt] = useState<number | null>(null);
  const inFlight = useRef(false);

  useEffect(() => {
    setKeyState(window.sessionStorage.getItem(STORAGE_KEY));
  }, []);

  /** Uses `next` as the operator key (stored for this tab), or forgets it (null). */
  const setKey = useCallback((next: string | null) => {
    if (next) window.sessionStorage.setItem(STORAGE_KEY, next);
    else window.sessionStorage.removeItem(STORAGE_KEY);
    setKeyState(next);
    setReport(null);
    setError(null);
  }, []);

  useEffect(() => {
    if (!key) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      if (inFlight.current) return;
      inFlight.current = true;
      let fatal = false;
      try {
        const res = await fetch('/v1/ops/health', { headers: { authorization: `Bearer ${key}` }, cache: 'no-store' });
        if (res.ok) {
          const body = (await res.json()) as FeedHealth;
          if (!stop) {
            setReport(body);
            setError(null);
            setFetchedAt(Date.now());
          }
        } else {
          const detail = await res.json().then(
            (b: { detail?: string }) => b.detail,
            () => undefined,
          );
          fatal = res.status === 401 || res.status === 403;
          if (!stop) {
            setError(describeFailure(res.status, detail));
            if (fatal) setReport(null);
          }
        }
      } catch {
        if (!stop) setError(describeFailure(0));
      } finally {
        inFlight.current = false;
      }
      if (!stop && !fatal) timer = setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [key]);

  return { key, setKey, report, error, fetchedAt };
}
