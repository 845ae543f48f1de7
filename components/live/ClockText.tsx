/**
 * A clock label from browser/live/display.ts (clockLabel / periodLabel) as text: lines split on "\n"
 * (shown stacked, or joined with a space inline), baseball's ▲/▼ read as "top"/"bottom".
 */
import { Fragment } from 'react';

function Arrows({ text }: { text: string }) {
  return (
    <>
      {text.split(/([▲▼])/).map((part, i) =>
        part === '▲' || part === '▼' ? (
          <Fragment key={i}>
            <span aria-hidden="true">{part}</span>
            <span className="sr-only">{part === '▲' ? 'Top' : 'Bottom'}</span>
          </Fragment>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

export function ClockText({ label, stacked = false }: { label: string; stacked?: boolean }) {
  const lines = label.split('\n');
  return (
    <>
      {lines.map((line, i) => (
        <Fragment key={i}>
          {i > 0 && (stacked ? <br /> : ' ')}
          <Arrows text={line} />
        </Fragment>
      ))}
    </>
  );
}
