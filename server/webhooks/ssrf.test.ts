import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  classifyAddress,
  guardedLookup,
  isAllowedAddress,
  normalizeAddress,
  validateWebhookUrl,
  type AddressPolicy,
} from './ssrf';

const STRICT: AddressPolicy = { allowLoopback: false, allowPrivate: false };
const LOOPBACK: AddressPolicy = { allowLoopback: true, allowPrivate: false };
const PRIVATE: AddressPolicy = { allowLoopback: false, allowPrivate: true };

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['192.168.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['169.254.169.254', 'private'],
    ['::ffff:169.254.169.254', 'private'],
    ['fe80::1', 'private'],
    ['fd00::1', 'private'],
    ['100.64.0.1', 'private'],
    ['64:ff9b::a01:203', 'private'],
    ['0.0.0.0', 'forbidden'],
    ['::', 'forbidden'],
    ['224.0.0.1', 'forbidden'],
    ['ff02::1', 'forbidden'],
    ['255.255.255.255', 'forbidden'],
    ['240.0.0.1', 'forbidden'],
    ['192.0.2.1', 'forbidden'],
    ['2002:7f00:1::1', 'forbidden'],
    ['not-an-ip', 'forbidden'],
    ['8.8.8.8', 'public'],
    ['::ffff:8.8.8.8', 'public'],
    ['2001:4860:4860::8888', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('isAllowedAddress follows the policy; forbidden is never allowed', () => {
    expect(isAllowedAddress('8.8.8.8', STRICT)).toBe(true);
    expect(isAllowedAddress('127.0.0.1', STRICT)).toBe(false);
    expect(isAllowedAddress('127.0.0.1', LOOPBACK)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', LOOPBACK)).toBe(false);
    expect(isAllowedAddress('10.0.0.1', PRIVATE)).toBe(true);
    expect(isAllowedAddress('0.0.0.0', { allowLoopback: true, allowPrivate: true })).toBe(false);
  });
});

// Issue 15 §7: every spelling of a non-public address is normalised before the check.
describe('address forms are normalised before classification', () => {
  it.each([
    // IPv4-compatible ::a.b.c.d (the forms the probe registered)
    ['::127.0.0.1', '127.0.0.1', 'loopback'],
    ['0:0:0:0:0:0:7f00:1', '127.0.0.1', 'loopback'],
    ['::7f00:1', '127.0.0.1', 'loopback'],
    ['::a9fe:a9fe', '169.254.169.254', 'private'],
    ['::169.254.169.254', '169.254.169.254', 'private'],
    ['::a00:1', '10.0.0.1', 'private'],
    ['::c0a8:101', '192.168.1.1', 'private'],
    ['::0.0.0.2', '0.0.0.2', 'forbidden'],
    ['::808:808', '8.8.8.8', 'public'],
    // IPv4-mapped, in both spellings, and upper case
    ['::ffff:127.0.0.1', '127.0.0.1', 'loopback'],
    ['::FFFF:7F00:1', '127.0.0.1', 'loopback'],
    ['0:0:0:0:0:ffff:a9fe:a9fe', '169.254.169.254', 'private'],
    // NAT64 well-known prefix
    ['64:ff9b::7f00:1', '127.0.0.1', 'loopback'],
    ['64:ff9b::169.254.169.254', '169.254.169.254', 'private'],
    // IPv4 in decimal, hex, octal and short forms
    ['2130706433', '127.0.0.1', 'loopback'],
    ['0x7f.1', '127.0.0.1', 'loopback'],
    ['0x7f000001', '127.0.0.1', 'loopback'],
    ['0177.0.0.1', '127.0.0.1', 'loopback'],
    ['127.1', '127.0.0.1', 'loopback'],
    ['2852039166', '169.254.169.254', 'private'],
    ['012.0.0.1', '10.0.0.1', 'private'],
    // 6to4 and Teredo tunnel to any IPv4: never allowed, whatever they embed
    ['2002:7f00:1::1', '2002:7f00:1::1', 'forbidden'],
    ['2002:a9fe:a9fe::1', '2002:a9fe:a9fe::1', 'forbidden'],
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:0:4136:e378:8000:63bf:80ff:fffe', 'forbidden'],
    // still IPv6
    ['::1', '::1', 'loopback'],
    ['::', '::', 'forbidden'],
    ['[::1]', '::1', 'loopback'],
  ])('%s is %s, %s', (ip, normal, cls) => {
    expect(normalizeAddress(ip)?.toString()).toBe(normal);
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('no embedded non-public address passes with loopback and private switched off, as a URL either', async () => {
    const hosts = [
      '[::127.0.0.1]',
      '[0:0:0:0:0:0:7f00:1]',
      '[::a9fe:a9fe]',
      '[::169.254.169.254]',
      '[::a00:1]',
      '[::ffff:127.0.0.1]',
      '[64:ff9b::a9fe:a9fe]',
      '[2002:7f00:1::1]',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '0x7f000001',
    ];
    for (const h of hosts) {
      const r = await validateWebhookUrl(`http://${h}:9/hook`, STRICT);
      expect(r, h).toMatchObject({ ok: false, reason: expect.stringMatching(/loopback|private|forbidden/) });
    }
    expect(await validateWebhookUrl('http://[::127.0.0.1]:9/', STRICT)).toEqual({
      ok: false,
      reason: '::7f00:1 (127.0.0.1) is a loopback address; set WEBHOOK_ALLOW_LOOPBACK=on to allow it',
    });
    expect(await validateWebhookUrl('http://[::a9fe:a9fe]:9/', LOOPBACK)).toEqual({
      ok: false,
      reason: '::a9fe:a9fe (169.254.169.254) is a private address; set WEBHOOK_ALLOW_PRIVATE=on to allow it',
    });
    expect(await validateWebhookUrl('http://[::808:808]:9/', STRICT)).toMatchObject({ ok: true });
  });
});

describe('validateWebhookUrl', () => {
  it('refuses non-http schemes, credentials, fragments, relative and too long URLs', async () => {
    const all = { allowLoopback: true, allowPrivate: true };
    expect(await validateWebhookUrl('ftp://127.0.0.1/x', all)).toEqual({
      ok: false,
      reason: expect.stringMatching(/ftp:/),
    });
    expect(await validateWebhookUrl('http://u:p@127.0.0.1/x', all)).toEqual({
      ok: false,
      reason: expect.stringMatching(/credentials/),
    });
    expect(await validateWebhookUrl('http://127.0.0.1/x#frag', all)).toEqual({
      ok: false,
      reason: expect.stringMatching(/fragment/),
    });
    expect(await validateWebhookUrl('/hooks', all)).toEqual({ ok: false, reason: expect.stringMatching(/absolute/) });
    expect(await validateWebhookUrl(`http://127.0.0.1/${'a'.repeat(2048)}`, all)).toEqual({
      ok: false,
      reason: expect.stringMatching(/2048/),
    });
  });

  it('refuses loopback unless allowed, by name and by literal', async () => {
    expect(await validateWebhookUrl('http://localhost:1/x', STRICT)).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^localhost resolves to 127\.0\.0\.1, a loopback address; set WEBHOOK_ALLOW_LOOPBACK=on to allow it$/,
      ),
    });
    expect(await validateWebhookUrl('http://localhost:1/x', LOOPBACK)).toMatchObject({ ok: true });
    expect(await validateWebhookUrl('http://127.0.0.1:9/', STRICT)).toEqual({
      ok: false,
      reason: '127.0.0.1 is a loopback address; set WEBHOOK_ALLOW_LOOPBACK=on to allow it',
    });
    const ok = await validateWebhookUrl('http://127.0.0.1:9/', LOOPBACK);
    expect(ok.ok && ok.url.port).toBe('9');
    expect(await validateWebhookUrl('http://[::1]:9/', STRICT)).toMatchObject({ ok: false });
    expect(await validateWebhookUrl('http://[::1]:9/', LOOPBACK)).toMatchObject({ ok: true });
  });

  it('refuses when any resolved address is not allowed, or the name does not resolve', async () => {
    const resolveTo =
      (...ips: string[]) =>
      async () =>
        ips.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    expect(await validateWebhookUrl('https://hooks.example.com/in', STRICT, resolveTo('93.184.215.14'))).toMatchObject({
      ok: true,
    });
    expect(
      await validateWebhookUrl('https://hooks.example.com/in', STRICT, resolveTo('93.184.215.14', '10.0.0.5')),
    ).toEqual({
      ok: false,
      reason: 'hooks.example.com resolves to 10.0.0.5, a private address; set WEBHOOK_ALLOW_PRIVATE=on to allow it',
    });
    expect(await validateWebhookUrl('https://hooks.example.com/in', PRIVATE, resolveTo('10.0.0.5'))).toMatchObject({
      ok: true,
    });
    expect(await validateWebhookUrl('https://meta.example.com/', PRIVATE, resolveTo('0.0.0.0'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/forbidden/),
    });
    const nx = async () => Promise.reject(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' }));
    expect(await validateWebhookUrl('https://nowhere.invalid/', STRICT, nx)).toEqual({
      ok: false,
      reason: 'host does not resolve',
    });
  });
});

describe('guardedLookup', () => {
  const run = (policy: AddressPolicy, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[] }>((resolve) =>
      guardedLookup(policy)('localhost', { all }, (err, address) => resolve({ err, address })),
    );

  it('refuses a disallowed address with ESSRF, for all=true and all=false', async () => {
    for (const all of [true, false]) {
      const { err } = await run(STRICT, all);
      expect(err?.code).toBe('ESSRF');
      expect(err?.message).toMatch(/127\.0\.0\.1, a loopback address/);
    }
  });

  it('passes allowed addresses through in the shape asked for', async () => {
    expect((await run(LOOPBACK, false)).address).toBe('127.0.0.1');
    expect((await run(LOOPBACK, true)).address).toEqual([{ address: '127.0.0.1', family: 4 }]);
  });
});
