/** Shared class names of the console (the dashboard's tokens: bg-card, border-line, text-muted, accent). */
export const card = 'grid gap-3 rounded-lg border border-line bg-card p-4';
export const btn =
  'h-9 rounded border border-line px-3 text-sm hover:border-accent focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-60';
export const primary =
  'h-9 rounded bg-accent px-3 text-sm font-semibold text-accent-fg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60';
export const input = 'h-9 rounded border border-line bg-bg px-2 text-sm';
export const labelCls = 'grid gap-1 text-sm';
