/** A team's initials in a coloured circle (no crest images: nothing is fetched from outside the host). */
export function teamInitials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N} ]/gu, ' ').split(/\s+/).filter((w) => w && !/^(fc|afc|cf|sc|the|de|of)$/i.test(w));
  if (!words.length) return name.slice(0, 2).toUpperCase();
  return (words.length === 1 ? words[0].slice(0, 3) : words.slice(0, 3).map((w) => w[0]).join('')).toUpperCase();
}

function hue(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

export function TeamBadge({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  const dim = size === 'lg' ? 'h-12 w-12 text-sm' : size === 'sm' ? 'h-5 w-5 text-[9px]' : 'h-7 w-7 text-[10px]';
  return (
    <span aria-hidden="true" className={`inline-flex shrink-0 items-center justify-center rounded-full font-bold text-white ${dim}`} style={{ backgroundColor: `hsl(${hue(name)} 55% 28%)` }}>
      {teamInitials(name)}
    </span>
  );
}
