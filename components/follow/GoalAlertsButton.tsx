'use client';
/**
 * Turns goal alerts for followed teams on or off (GoalNotifier shows them). Turning them on asks
 * the browser's notification permission — only here, from the viewer's click, never on load; a
 * refused or unsupported permission is said in words and leaves alerts off.
 */
import { useEffect, useState } from 'react';
import { useFollow } from './follow-store';

export function GoalAlertsButton() {
  const on = useFollow((s) => s.goalAlerts);
  const set = useFollow((s) => s.setGoalAlerts);
  const [note, setNote] = useState<string | null>(null);
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(typeof Notification !== 'undefined'), []);
  const enabled = on && supported && typeof Notification !== 'undefined' && Notification.permission === 'granted';
  const click = async () => {
    if (enabled) return set(false);
    if (typeof Notification === 'undefined') return setNote('This browser cannot show notifications.');
    const p = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (p === 'granted') {
      set(true);
      setNote(null);
    } else {
      set(false);
      setNote('Notifications are blocked for this site: allow them in the browser’s site settings to get goal alerts.');
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <button
        type="button"
        aria-pressed={enabled}
        onClick={() => void click()}
        data-testid="goal-alerts"
        className={`h-8 rounded-full border px-3 ${enabled ? 'border-accent bg-accent text-accent-fg' : 'border-line hover:bg-bg'}`}
      >
        <span aria-hidden="true">🔔</span> {enabled ? 'Goal alerts on' : 'Goal alerts'}
      </button>
      <span className="text-xs text-muted" role="status">
        {note ??
          (enabled
            ? 'A notification for each goal of a followed team while Scoreline is open.'
            : 'Get a browser notification when a followed team scores.')}
      </span>
    </div>
  );
}
