/**
 * Bounded capture of a child process's output (test/helpers/server.ts spawnServer): tests read a
 * server's logs as one string, and benchmarks run servers that log every request.
 */

/** Characters of a server's output kept from its start, and from its end (BoundedLog). */
export const LOG_HEAD_CHARS = 1 << 20;
export const LOG_TAIL_CHARS = 16 << 20;

/**
 * A server's captured output: its first {@link LOG_HEAD_CHARS} characters (start-up lines, the
 * listening port) and its last {@link LOG_TAIL_CHARS}, with a marker of what was dropped between.
 * Unbounded, a benchmark's access log (~300 bytes per request at 30k req/s) passed V8's maximum
 * string length within minutes and crashed bench/rest.ts ("RangeError: Invalid string length").
 */
export class BoundedLog {
  private head = '';
  private tail: string[] = [];
  private tailChars = 0;
  private dropped = 0;

  /** Appends a chunk of output. */
  append(d: string): void {
    if (this.head.length < LOG_HEAD_CHARS) {
      const room = LOG_HEAD_CHARS - this.head.length;
      this.head += d.slice(0, room);
      d = d.slice(room);
      if (!d) return;
    }
    this.tail.push(d);
    this.tailChars += d.length;
    if (this.tailChars > 2 * LOG_TAIL_CHARS) {
      // Drop whole chunks from the front, then cut the first kept one: no copy of the tail (joining
      // it on every trim copied ~33 MB per trim, 13 s of the 1.2 G-character unit test).
      let drop = 0;
      while (this.tailChars - this.tail[drop].length >= LOG_TAIL_CHARS) {
        this.tailChars -= this.tail[drop].length;
        this.dropped += this.tail[drop++].length;
      }
      this.tail.splice(0, drop);
      const cut = this.tailChars - LOG_TAIL_CHARS;
      if (cut > 0) {
        this.tail[0] = this.tail[0].slice(cut);
        this.dropped += cut;
        this.tailChars = LOG_TAIL_CHARS;
      }
    }
  }

  /** The captured output as one string (the marker `[… N characters of output dropped …]` where some were). */
  text(): string {
    if (this.tail.length > 1) this.tail = [this.tail.join('')];
    const marker = this.dropped ? `\n[… ${this.dropped} characters of output dropped …]\n` : '';
    return this.head + marker + (this.tail[0] ?? '');
  }
}
