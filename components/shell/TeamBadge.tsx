/** A team's initials in a coloured circle (no crest images: nothing is fetched from outside the host). */
export function teamInitials(name: string): string {
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter((w) => w && !/^(fc|afc|cf|sc|the|de|of)$/i.test(w));
  if (!words.length) return name.slice(0, 2).toUpperCase();
  return (
    words.length === 1
      ? words[0].slice(0, 3)
      : words
          .slice(0, 3)
          .map((w) => w[0])
          .join('')
  ).toUpperCase();
}

function hue(name: string): number {
  let h = 0;
  for (const c of name) h = (h * 31 + c.charCodeAt(0)) % 360;
  return h;
}

const PX = { sm: 20, md: 28, lg: 48 } as const;

/**
 * A team's initials in a coloured circle, drawn as SVG: three letters are fitted into the circle
 * (textLength), so a code never clips at any size (QAT, ECU, WHU).
 */
export function TeamBadge({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  const text = teamInitials(name);
  const three = text.length > 2;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 32 32"
      width={PX[size]}
      height={PX[size]}
      className="inline-block shrink-0"
      data-testid="team-badge"
    >
      <circle cx="16" cy="16" r="16" fill={`hsl(${hue(name)} 55% 28%)`} />
      <text
        x="16"
        y="16"
        dy="0.36em"
        textAnchor="middle"
        fill="#fff"
        fontWeight="700"
        fontSize={three ? 10.5 : 13}
        {...(three ? { textLength: 22, lengthAdjust: 'spacingAndGlyphs' } : {})}
      >
        {text}
      </text>
    </svg>
  );
}
