/**
 * BoundedLog keeps a server's first and last output and says what it dropped: a benchmark's server
 * logging every request once crashed bench/rest.ts with "RangeError: Invalid string length".
 */
import { describe, expect, test } from 'vitest';
import { BoundedLog, LOG_HEAD_CHARS, LOG_TAIL_CHARS } from './bounded-log';

describe('BoundedLog', () => {
  test('short output is kept whole', () => {
    const log = new BoundedLog();
    log.append('{"msg":"Scoreline listening on http://localhost:1234"}\n');
    log.append('second line\n');
    expect(log.text()).toBe('{"msg":"Scoreline listening on http://localhost:1234"}\nsecond line\n');
  });

  test('far more output than V8 could hold in one string keeps the head, the tail and a count of the rest', () => {
    const log = new BoundedLog();
    log.append('START\n');
    const line = `${'x'.repeat(299)}\n`;
    const chunk = line.repeat(10_000); // 3 MB
    const chunks = 400; // 1.2 G characters in all: past V8's maximum string length (~2^29)
    for (let i = 0; i < chunks; i++) log.append(chunk);
    log.append('END\n');
    const text = log.text();
    expect(text.startsWith('START\n')).toBe(true);
    expect(text.endsWith(`${line}END\n`)).toBe(true);
    const total = 6 + chunks * chunk.length + 4;
    const m = /\[… (\d+) characters of output dropped …\]/.exec(text);
    expect(m).not.toBeNull();
    const dropped = Number(m![1]);
    expect(text.length - m![0].length - 2).toBe(total - dropped);
    expect(text.length).toBeLessThanOrEqual(LOG_HEAD_CHARS + 2 * LOG_TAIL_CHARS + m![0].length + 2);
  });
});
