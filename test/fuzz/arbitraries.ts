/**
 * fast-check arbitraries for the fuzz suite: hostile values (NUL, lone surrogates, impossible
 * dates, out-of-range integers, forged cursors, address forms that hide a private host) and a
 * generator of values for any JSON Schema of the served OpenAPI document that mixes valid values
 * (fc.stringMatching on the schema's pattern, its enum, its bounds) with hostile ones.
 */
import fc from 'fast-check';

type Json = Record<string, any>;

/** Calendar dates that do not exist, or that PostgreSQL and Date.parse disagree on. */
export const IMPOSSIBLE_DATES = [
  '2024-02-30',
  '2023-02-29',
  '2024-04-31',
  '0000-01-01',
  '2024-13-01',
  '2024-00-10',
  '-000001-01-01',
  '+275760-09-13',
  '275760-09-14',
  '2024-02-30T00:00:00Z',
  '2024-06-31T25:61:61Z',
  '9999-12-31T23:59:60Z',
];

/** Integers (and number-like strings) outside every 32-bit / 53-bit range, or not integers at all. */
export const OUT_OF_RANGE = [
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '-1',
  '0',
  '1.5',
  '1e3',
  '0x10',
  '99999999999999999999',
  'NaN',
  'Infinity',
  '-0',
  ' 1',
  '1 ',
];
const OUT_OF_RANGE_NUMBERS = [
  2147483648,
  -2147483649,
  2 ** 53 + 1,
  1e308,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  -Number.MAX_VALUE,
];

/** Strings no store accepts as they are: NUL, lone surrogates, control and bidi characters, very long. */
export const NASTY_STRINGS = [
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\u202e',
  '\r\n',
  '\t',
  '',
  ' ',
  '..',
  '../../etc/passwd',
  '%2e%2e%2f',
  '\\',
  '"',
  "'",
  '{}',
  '[]',
  'null',
  'ä'.repeat(70),
  'x'.repeat(5000),
  '😀'.repeat(40),
  '\uffff',
  '\ufeff',
];

/** A base64url JSON cursor with odd `k` / `i` (what forged `cursor` values look like). */
export const forgedCursor: fc.Arbitrary<string> = fc
  .record({
    k: fc.oneof(
      fc.constantFrom<unknown>(
        '1',
        '0',
        '2024-01-01 (x)',
        '+275760-09-13T00:00:00.000Z',
        '-271821-04-20T00:00:00.000Z',
        '2024-02-30',
        '',
        null,
        1e308,
        [],
        {},
        '\u0000',
      ),
      fc.string(),
    ),
    i: fc.oneof(
      fc.constantFrom<unknown>(1e308, 2 ** 53 + 1, -1, 0, 1.5, '1', null, 2147483648, -2147483649),
      fc.integer(),
    ),
  })
  .map((c) => Buffer.from(JSON.stringify(c)).toString('base64url'))
  .chain((c) =>
    fc.constantFrom(c, c + '=', c.slice(1), `${c}.x`, '!!!', Buffer.from('not json').toString('base64url')),
  );

/** A hostile string for any text field or parameter. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800', 'x\udfff'),
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...IMPOSSIBLE_DATES),
  fc.constantFrom(...OUT_OF_RANGE),
  forgedCursor,
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 20 }).map((s) => `${s}\u0000${s}`),
  fc.string({ maxLength: 20 }).map((s) => `${s}\ud800`),
);

/** A hostile JSON value for a body field of any type. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(...OUT_OF_RANGE_NUMBERS),
  fc.constantFrom<unknown>(null, true, [], {}, [null], { '\u0000': 1 }, { __proto__: { x: 1 } }),
);

/** Resolves a local `$ref` (`#/components/schemas/X`) inside `doc`. */
export function deref(doc: Json, s: Json): Json {
  let cur = s;
  for (let i = 0; cur?.$ref && i < 10; i++)
    cur = cur.$ref
      .slice(2)
      .split('/')
      .reduce((o: Json, k: string) => o[k], doc);
  return cur ?? {};
}

/** A value that the schema accepts (as far as fast-check can tell), without hostile mutations. */
export function validFor(doc: Json, schema: Json, depth: number): fc.Arbitrary<unknown> {
  const s = deref(doc, schema);
  if (s.enum) return fc.constantFrom(...(s.enum as unknown[]));
  if (s.const !== undefined) return fc.constant(s.const);
  const alts = (s.oneOf ?? s.anyOf) as Json[] | undefined;
  if (alts?.length) return fc.oneof(...alts.map((a) => validFor(doc, a, depth + 1)));
  if (s.allOf?.length) return validFor(doc, s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'integer': {
      const min = s.minimum ?? -1000;
      const max = Math.min(s.maximum ?? 100_000, 2_147_483_647);
      // Mostly small: ids of the bootstrapped data are in the hundreds.
      return fc.oneof(
        { arbitrary: fc.integer({ min, max: Math.min(max, min + 800) }), weight: 3 },
        { arbitrary: fc.integer({ min, max }), weight: 1 },
      );
    }
    case 'number':
      return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(validFor(doc, s.items ?? {}, depth + 1), {
            minLength: s.minItems ?? 0,
            maxLength: Math.max(3, s.minItems ?? 0),
          });
    case 'object': {
      if (depth > 4 || !s.properties)
        return fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string({ maxLength: 10 }), fc.integer()), {
          maxKeys: 2,
        });
      const required = new Set<string>(s.required ?? []);
      const keys = Object.keys(s.properties);
      return fc.record(Object.fromEntries(keys.map((k) => [k, validFor(doc, s.properties[k], depth + 1)])), {
        requiredKeys: keys.filter((k) => required.has(k)),
      });
    }
    case 'string':
      if (s.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (s.format === 'date')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'uri') return fc.constantFrom('https://example.com/hook', 'http://127.0.0.1:9/hook');
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((x) => x.length <= (s.maxLength ?? 200));
      return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 30, 30) });
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null));
  }
}

/**
 * A value for `schema` that is valid everywhere except, most of the time, at exactly one leaf
 * (a string, number, boolean or null anywhere inside), which gets a hostile value: one bad field
 * among good ones reaches the deep code paths, where a request full of bad fields stops at the
 * first check.
 */
export function valueFor(doc: Json, schema: Json): fc.Arbitrary<unknown> {
  return fc
    .record({ v: validFor(doc, schema, 0), bad: hostileValue, at: fc.option(fc.nat(), { freq: 5 }) })
    .map(({ v, bad, at }) => (at == null ? v : replaceLeaf(v, at, bad)));
}

/** `v` with its leaf number `at % leaves` (depth-first) replaced by `bad`; a leaf itself is replaced. */
function replaceLeaf(v: unknown, at: number, bad: unknown): unknown {
  const leaves: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (x: unknown) => {
    if (Array.isArray(x))
      x.forEach((c, i) => (c && typeof c === 'object' ? walk(c) : leaves.push({ parent: x, key: i })));
    else if (x && typeof x === 'object')
      for (const [k, c] of Object.entries(x))
        c && typeof c === 'object' ? walk(c) : leaves.push({ parent: x as Record<string, unknown>, key: k });
  };
  const copy = structuredClone(v);
  walk(copy);
  if (!leaves.length) return bad;
  const { parent, key } = leaves[at % leaves.length];
  (parent as Record<string | number, unknown>)[key] = bad;
  return copy;
}

/**
 * Percent-encodes a string for a URL, code unit by code unit, so that lone surrogates go out as
 * their WTF-8 bytes (%ED%A0%80 …: invalid UTF-8) instead of making encodeURIComponent throw.
 */
export function pct(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0xd800 && c <= 0xdfff)
      out +=
        `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
    else out += encodeURIComponent(ch);
  }
  return out;
}

/**
 * Hosts that all mean a loopback, private or link-local address, in every spelling an URL parser
 * may accept (dotted, integer, hex, octal, short, IPv4-mapped and IPv4-compatible IPv6, full IPv6).
 */
export const PRIVATE_HOSTS: string[] = (() => {
  const v4: [number, number, number, number][] = [
    [127, 0, 0, 1],
    [10, 0, 0, 1],
    [169, 254, 169, 254],
    [192, 168, 1, 1],
    [172, 16, 0, 1],
    [0, 0, 0, 0],
  ];
  const hosts: string[] = [
    '[::1]',
    '[0:0:0:0:0:0:0:1]',
    '[::]',
    '[fe80::1]',
    '[fc00::1]',
    '[fd00::1]',
    'localhost',
    'localhost.',
  ];
  for (const [a, b, c, d] of v4) {
    const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
    const hi = ((a << 8) | b).toString(16);
    const lo = ((c << 8) | d).toString(16);
    hosts.push(
      `${a}.${b}.${c}.${d}`,
      String(n),
      `0x${n.toString(16)}`,
      `0${a.toString(8)}.${b}.${c}.${d}`,
      `[::ffff:${a}.${b}.${c}.${d}]`,
      `[::ffff:${hi}:${lo}]`,
      `[::${a}.${b}.${c}.${d}]`,
      `[::${hi}:${lo}]`,
      `[0:0:0:0:0:0:${hi}:${lo}]`,
      `[0:0:0:0:0:ffff:${hi}:${lo}]`,
    );
  }
  hosts.push('127.1', '10.1', '0');
  return hosts;
})();
