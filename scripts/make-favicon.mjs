/**
 * Writes app/favicon.ico (served by Next at /favicon.ico): a 32×32 PNG inside an ICO container,
 * the brand's green disc with a white stroke, drawn pixel by pixel so no image tool is needed.
 * Run: node scripts/make-favicon.mjs
 */
import fs from 'node:fs';
import zlib from 'node:zlib';

const N = 32;
const px = Buffer.alloc(N * (N * 4 + 1));
for (let y = 0; y < N; y++) {
  px[y * (N * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < N; x++) {
    const dx = x + 0.5 - 16,
      dy = y + 0.5 - 16;
    const r = Math.hypot(dx, dy);
    const a = Math.max(0, Math.min(1, 16 - r)); // anti-aliased edge
    // A white "score line": a horizontal bar across the middle with two dots (a 1–0 board).
    const bar = Math.abs(dy) < 2 && Math.abs(dx) < 9;
    const dot = Math.hypot(Math.abs(dx) - 6, dy + 7) < 2.6 || Math.hypot(Math.abs(dx) - 6, dy - 7) < 2.6;
    const white = bar || dot;
    const o = y * (N * 4 + 1) + 1 + x * 4;
    const [R, G, B] = white ? [255, 255, 255] : [10, 107, 44];
    px[o] = R;
    px[o + 1] = G;
    px[o + 2] = B;
    px[o + 3] = Math.round(a * 255);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (b) => {
  let c = 0xffffffff;
  for (const v of b) c = crcTable[(c ^ v) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const c = Buffer.alloc(4);
  c.writeUInt32BE(crc(td));
  return Buffer.concat([len, td, c]);
};
const ihdr = Buffer.alloc(13);
ihdr.writeUInt32BE(N, 0);
ihdr.writeUInt32BE(N, 4);
ihdr[8] = 8;
ihdr[9] = 6;
const png = Buffer.concat([
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
  chunk('IHDR', ihdr),
  chunk('IDAT', zlib.deflateSync(px)),
  chunk('IEND', Buffer.alloc(0)),
]);
const head = Buffer.alloc(6 + 16);
head.writeUInt16LE(0, 0);
head.writeUInt16LE(1, 2);
head.writeUInt16LE(1, 4);
head[6] = N;
head[7] = N;
head[8] = 0;
head[9] = 0;
head.writeUInt16LE(1, 10);
head.writeUInt16LE(32, 12);
head.writeUInt32LE(png.length, 14);
head.writeUInt32LE(22, 18);
fs.writeFileSync(new URL('../app/favicon.ico', import.meta.url), Buffer.concat([head, png]));
console.log('app/favicon.ico', 22 + png.length, 'bytes');
