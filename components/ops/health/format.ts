/** Display helpers of the feed-health page (units: seconds, milliseconds, bytes). */

/** "4 s", "3 min 5 s", "2 h 10 min", "3 d 4 h"; "–" for null. */
export function formatAge(seconds: number | null): string {
  if (seconds == null) return '–';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  if (s < 86_400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
  return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
}

/** "850 ms", "2.4 s", "3.1 min"; "–" for null. */
export function formatMs(ms: number | null): string {
  if (ms == null) return '–';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${(ms / 60_000).toFixed(1)} min`;
}

/** "512 B", "3.2 MB", "1.4 GB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${i ? v.toFixed(1) : v} ${units[i]}`;
}

/** A share 0–1 as "99.5%"; "–" for null. */
export function formatRate(share: number | null): string {
  return share == null ? '–' : `${(share * 100).toFixed(1)}%`;
}

/** "HH:mm" of an ISO instant in `tz`. */
export function clockTime(iso: string | number, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
}
