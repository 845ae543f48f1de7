/**
 * Retrosheet event codes (the 7th field of a `play` record), decoded per
 * https://www.retrosheet.org/eventfile.htm ("The event field of the play record").
 */
import type { Advance, Base, PlayOutcome } from '../baseball/types';
import { ImportError } from './errors';

/** A Retrosheet event code decoded: what happened to the batter and every runner. */
export interface RetrosheetPlay {
  outcome: PlayOutcome;
  /** True when the batter's plate appearance ends with this play. */
  ends_plate_appearance: boolean;
  /** Every movement, batter included, explicit advances overriding the implied ones. */
  advances: Advance[];
  /** Errors on the play (each `E<fielder>` in the basic play, its modifiers and the advances). */
  errors: number;
  modifiers: string[];
}

/** Splits at `sep` outside parentheses. */
function splitTop(s: string, sep: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
    } else cur += ch;
  }
  out.push(cur);
  return out;
}

const hasError = (s: string): boolean => /E\d/.test(s);
const countErrors = (s: string): number => (s.match(/E\d/g) ?? []).length;
const NEXT_BASE: Record<Base, Base | 'H'> = { '1': '2', '2': '3', '3': 'H' };
const STEAL_FROM: Record<string, Base> = { '2': '1', '3': '2', H: '3' };

/**
 * Outs recorded by a fielder sequence such as `63`, `64(1)3`, `8(B)84(2)`, `54(1)`: each
 * `(runner)` group puts that runner out; a sequence ending without a group puts the batter out,
 * one ending with a group leaves the batter safe at first (force out / fielder's choice).
 */
function fielderSequence(basic: string): { outs: Base[]; batterOut: boolean } {
  const outs: ('B' | Base)[] = [];
  const re = /(\d+)(?:\(([B123])\))?/g;
  let m: RegExpExecArray | null;
  let lastHadGroup = false;
  while ((m = re.exec(basic))) {
    if (m[2]) outs.push(m[2] as 'B' | Base);
    lastHadGroup = m[2] !== undefined;
  }
  const batterOut = outs.includes('B') || !lastHadGroup;
  return { outs: outs.filter((o): o is Base => o !== 'B'), batterOut };
}

/** Running play after `K+` / `W+` or on its own (SB, CS, PO, POCS, WP, PB, BK, DI, OA). */
function runningPlay(basic: string): { outcome: PlayOutcome; implied: Advance[]; errors: number } | null {
  const parts = basic.split(';');
  let outcome: PlayOutcome | null = null;
  const implied: Advance[] = [];
  let errors = 0;
  for (const p of parts) {
    let m: RegExpExecArray | null;
    if ((m = /^SB([23H])$/.exec(p))) {
      outcome = 'stolen_base';
      implied.push({ from: STEAL_FROM[m[1]], to: m[1] as Base | 'H', out: false });
    } else if ((m = /^(PO)?CS([23H])(\(.*\))?$/.exec(p))) {
      outcome = 'caught_stealing';
      const safe = hasError(m[3] ?? '');
      errors += countErrors(m[3] ?? '');
      const from = STEAL_FROM[m[2]];
      implied.push(safe ? { from, to: m[2] as Base | 'H', out: false } : { from, to: m[2] as Base | 'H', out: true });
    } else if ((m = /^PO([123])(\(.*\))?$/.exec(p))) {
      outcome = 'pickoff';
      const safe = hasError(m[2] ?? '');
      errors += countErrors(m[2] ?? '');
      if (!safe) implied.push({ from: m[1] as Base, to: m[1] as Base, out: true });
    } else if (p === 'WP') outcome = 'wild_pitch';
    else if (p === 'PB') outcome = 'passed_ball';
    else if (p === 'BK') outcome = 'balk';
    else if (p === 'DI') outcome = 'defensive_indifference';
    else if (p === 'OA') outcome = 'other_advance';
    else if ((m = /^E(\d)$/.exec(p))) {
      outcome = 'other_advance';
      errors += 1;
    } else return null;
  }
  return outcome ? { outcome, implied, errors } : null;
}

/** One explicit advance, e.g. `1-3`, `3-H(UR)(NR)`, `2X3(265)`, `1X3(6E5)` (safe on the error). */
function parseAdvance(a: string, code: string): { adv: Advance; errors: number } {
  const m = /^([B123])([-X])([123H])((?:\([^)]*\))*)$/.exec(a);
  if (!m) throw new ImportError(`unreadable runner advance "${a}" in event "${code}"`);
  const params = [...m[4].matchAll(/\(([^)]*)\)/g)].map((x) => x[1]);
  const errors = params.reduce((n, p) => n + countErrors(p), 0);
  // An out on the bases is cancelled by an error in its fielding parameters (e.g. 2X3(5E6)).
  const out = m[2] === 'X' && !params.some((p) => /^\d*E\d/.test(p));
  const adv: Advance = { from: m[1] as Advance['from'], to: m[3] as Advance['to'], out };
  if (m[3] === 'H' && !out) {
    if (params.includes('UR')) adv.earned = false;
    if (params.includes('NR') || params.includes('NORBI')) adv.rbi = false;
    else if (params.includes('RBI')) adv.rbi = true;
  }
  return { adv, errors };
}

/**
 * Decodes a Retrosheet event code (the 7th field of a `play` record) per
 * retrosheet.org/eventfile.htm: `<basic play>[/<modifier>…][.<advance>;…]`.
 *
 * Implied movements (used unless an explicit advance names the same runner): single/double/
 * triple/home run put the batter on 1st/2nd/3rd/home (`DGR` 2nd); walk, intentional walk, hit by
 * pitch, error, fielder's choice and catcher interference (`C/E2`) put him on 1st; `SBn` moves
 * the runner one base; `CSn`, `POn`, `POCSn` put the runner out unless their fielding group has
 * an error; fielder sequences put out the runners in `(n)` groups and the batter unless the
 * sequence ends with a group (then the batter is safe at first); a strikeout puts the batter
 * out unless an explicit `B-` advance says he reached. `K+…`/`W+…` combine a strikeout/walk with
 * a running play. Uncertainty marks `#`, `!`, `?` are ignored.
 * @throws ImportError on a code it cannot read.
 */
export function parseRetrosheetEvent(code: string): RetrosheetPlay {
  const clean = code.replace(/[#!?]/g, '');
  const dot = splitTop(clean, '.');
  const playPart = dot[0];
  const advPart = dot.slice(1).join('.');
  const [basicRaw, ...modifiers] = splitTop(playPart, '/');
  const basic = basicRaw.trim();
  let outcome: PlayOutcome;
  let endsPa = true;
  let implied: Advance[] = [];
  let errors = 0;
  let m: RegExpExecArray | null;
  const bad = (): never => {
    throw new ImportError(`unreadable Retrosheet event "${code}"`);
  };

  if (basic === 'HP') {
    outcome = 'hit_by_pitch';
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^(HR|H)\d*$/.test(basic)) {
    outcome = 'home_run';
    implied = [{ from: 'B', to: 'H', out: false }];
  } else if (basic === 'DGR') {
    outcome = 'double';
    implied = [{ from: 'B', to: '2', out: false }];
  } else if ((m = /^([SDT])\d*$/.exec(basic))) {
    outcome = ({ S: 'single', D: 'double', T: 'triple' } as const)[m[1] as 'S' | 'D' | 'T'];
    implied = [{ from: 'B', to: ({ S: '1', D: '2', T: '3' } as const)[m[1] as 'S' | 'D' | 'T'], out: false }];
  } else if ((m = /^(K|W|IW|I)\d*(?:\+(.+))?$/.exec(basic))) {
    outcome = m[1] === 'K' ? 'strikeout' : m[1] === 'W' ? 'walk' : 'intentional_walk';
    implied = [m[1] === 'K' ? { from: 'B', to: '1', out: true } : { from: 'B', to: '1', out: false }];
    if (m[2]) {
      const r = runningPlay(m[2]) ?? bad();
      implied.push(...r.implied);
      errors += r.errors;
    }
  } else if (/^E\d$/.test(basic)) {
    outcome = 'error';
    errors += 1;
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^FC\d*$/.test(basic)) {
    outcome = 'fielders_choice';
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^FLE\d$/.test(basic)) {
    outcome = 'foul_error';
    endsPa = false;
    errors += 1;
  } else if (basic === 'C') {
    outcome = 'interference';
    implied = [{ from: 'B', to: '1', out: false }];
  } else if (/^\d/.test(basic)) {
    if (!/^(\d+(\([B123]\))?)+$/.test(basic)) bad();
    outcome = 'out';
    const seq = fielderSequence(basic);
    implied = seq.outs.map((b): Advance => ({ from: b, to: NEXT_BASE[b], out: true }));
    implied.push(seq.batterOut ? { from: 'B', to: '1', out: true } : { from: 'B', to: '1', out: false });
  } else {
    const r = runningPlay(basic) ?? bad();
    outcome = r.outcome;
    endsPa = false;
    implied = r.implied;
    errors += r.errors;
  }
  for (const mod of modifiers) errors += countErrors(mod);

  const explicit = new Map<string, Advance>();
  if (advPart) {
    for (const a of advPart.split(';')) {
      const { adv, errors: e } = parseAdvance(a.trim(), code);
      errors += e;
      explicit.set(adv.from, adv);
    }
  }
  const advances = implied.filter((a) => !explicit.has(a.from)).concat([...explicit.values()]);
  // A strikeout or fielder's out on the batter is replaced by an explicit `B-n` (he reached).
  return {
    outcome,
    ends_plate_appearance: endsPa,
    advances,
    errors,
    modifiers: modifiers.map((x) => x.trim()).filter(Boolean),
  };
}
