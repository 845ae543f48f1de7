/**
 * The message catalogues (messages/<locale>.json) against English (messages/en.json, the one the
 * code's `t('…')` calls are type-checked against): the same keys — none missing, none extra —,
 * every message valid ICU MessageFormat with the same arguments and tags as its English one, and
 * a real translation rather than a copy of the English catalogue.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOCALE, LOCALES } from '@/lib/i18n/locales';

const DIR = path.join(__dirname, '..', '..', 'messages');
type Tree = { [k: string]: string | Tree };
const load = (l: string): Tree => JSON.parse(fs.readFileSync(path.join(DIR, `${l}.json`), 'utf8'));

/** Every message of a catalogue by its dotted key. */
function flatten(t: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(t)) {
    if (typeof v === 'string') out.set(`${prefix}${k}`, v);
    else flatten(v, `${prefix}${k}.`, out);
  }
  return out;
}

/** The argument and tag names a message uses ("{zone}", "<credits>…</credits>", plural/select options' contents). */
function names(els: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of els) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    out.add(e.type === TYPE.tag ? `<${e.value}>` : `{${e.value}}`);
    if (e.type === TYPE.tag) names(e.children, out);
    if (e.type === TYPE.plural || e.type === TYPE.select) for (const o of Object.values(e.options)) names(o.value, out);
  }
  return out;
}

const en = flatten(load(DEFAULT_LOCALE));

describe('message catalogues', () => {
  it('lists a catalogue file for each locale and no other', () => {
    const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(files.sort()).toEqual(LOCALES.map((l) => `${l}.json`).sort());
    expect(en.size).toBeGreaterThan(300);
  });

  for (const locale of LOCALES.filter((l) => l !== DEFAULT_LOCALE)) {
    describe(locale, () => {
      const cat = flatten(load(locale));

      it('has exactly the keys of en.json', () => {
        expect({
          missing: [...en.keys()].filter((k) => !cat.has(k)),
          extra: [...cat.keys()].filter((k) => !en.has(k)),
        }).toEqual({
          missing: [],
          extra: [],
        });
      });

      it('has valid messages with the same arguments and tags as English', () => {
        const wrong: string[] = [];
        for (const [k, msg] of cat) {
          const ref = en.get(k);
          if (ref === undefined) continue;
          const want = [...names(parse(ref))].sort().join(' ');
          const got = [...names(parse(msg))].sort().join(' ');
          if (got !== want) wrong.push(`${k}: ${got || '(none)'} ≠ ${want || '(none)'}`);
        }
        expect(wrong).toEqual([]);
      });

      it('is translated, not a copy of English (under a sixth of its messages equal the English)', () => {
        const same = [...cat].filter(([k, v]) => en.get(k) === v).length;
        expect(same / cat.size).toBeLessThan(1 / 6);
      });
    });
  }
});
