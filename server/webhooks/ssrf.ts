/**
 * SSRF guard for webhook URLs: classify IP addresses (ipaddr.js), validate a URL and every
 * address its host resolves to, and a `lookup` for http.request that re-checks at connect time
 * (so DNS rebinding between validation and delivery cannot reach a refused address).
 */
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/** Which non-public address classes a deployment allows (WEBHOOK_ALLOW_LOOPBACK / WEBHOOK_ALLOW_PRIVATE). */
export interface AddressPolicy {
  allowLoopback: boolean;
  allowPrivate: boolean;
}

export type AddressClass = 'public' | 'loopback' | 'private' | 'forbidden';

/** Resolver used by validateWebhookUrl: every address of a host name (dns.promises.lookup with `all`). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

const MAX_URL_LENGTH = 2048;

function classifyV4(a: ipaddr.IPv4): AddressClass {
  switch (a.range()) {
    case 'loopback':
      return 'loopback';
    case 'private':
    case 'carrierGradeNat':
    case 'linkLocal':
      return 'private';
    case 'unspecified':
    case 'broadcast':
    case 'multicast':
    case 'reserved':
    case 'benchmarking':
      return 'forbidden';
    default:
      return 'public'; // unicast, as112, amt: globally routed
  }
}

/** The IPv4 address embedded in a 6to4 (2002::/16) or Teredo (2001::/32, the client's, obfuscated) address. */
function tunnelledV4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const p = v6.parts;
  if (v6.range() === '6to4') return new ipaddr.IPv4([p[1] >> 8, p[1] & 255, p[2] >> 8, p[2] & 255]);
  if (v6.range() === 'teredo')
    return new ipaddr.IPv4([(p[6] >> 8) ^ 255, (p[6] & 255) ^ 255, (p[7] >> 8) ^ 255, (p[7] & 255) ^ 255]);
  return null;
}

/**
 * The address `ip` really reaches, before any check: IPv4 in any form ipaddr.js reads (dotted,
 * `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`) as dotted quad; IPv4-mapped `::ffff:a.b.c.d`,
 * IPv4-compatible `::a.b.c.d` (e.g. `::7f00:1`) and NAT64 `64:ff9b::a.b.c.d` as their IPv4;
 * any other IPv6 as itself. Null for a string that is no IP address.
 */
export function normalizeAddress(ip: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = ip.replace(/^\[(.*)\]$/, '$1');
  if (!net.isIP(bare) && !ipaddr.IPv4.isValid(bare)) return null;
  let a: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    a = ipaddr.parse(bare);
  } catch {
    return null;
  }
  if (a.kind() === 'ipv4') return a;
  const v6 = a as ipaddr.IPv6;
  const p = v6.parts;
  const v4At = () => new ipaddr.IPv4([p[6] >> 8, p[6] & 255, p[7] >> 8, p[7] & 255]);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
  // IPv4-compatible ::a.b.c.d (deprecated, still routed by some stacks); :: and ::1 stay IPv6.
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7] > 1)) return v4At();
  if (p[0] === 0x64 && p[1] === 0xff9b && p.slice(2, 6).every((x) => x === 0)) return v4At();
  return v6;
}

/**
 * Classifies an IP address string after normalizeAddress. loopback: 127/8, ::1; private: RFC 1918,
 * 100.64/10 CGNAT, 169.254/16 and fe80::/10 link-local (incl. cloud metadata 169.254.169.254),
 * fc00::/7, fec0::/10; forbidden: unspecified, multicast, broadcast, reserved/documentation/
 * benchmarking ranges, IPv6 transition ranges (6to4, Teredo, …) that could tunnel to anything,
 * and non-IP strings. IPv4-mapped, IPv4-compatible and NAT64 addresses are classified as their IPv4.
 */
export function classifyAddress(ip: string): AddressClass {
  const a = normalizeAddress(ip);
  if (!a) return 'forbidden';
  if (a.kind() === 'ipv4') return classifyV4(a as ipaddr.IPv4);
  const v6 = a as ipaddr.IPv6;
  switch (v6.range()) {
    case 'unicast':
      return 'public';
    case 'loopback':
      return 'loopback';
    case 'uniqueLocal':
    case 'linkLocal':
      return 'private';
    default:
      return (v6.range() as string) === 'deprecatedSiteLocal' ? 'private' : 'forbidden';
  }
}

/** True when `ip` may be contacted under `policy` (public always; loopback/private per flag; forbidden never). */
export function isAllowedAddress(ip: string, policy: AddressPolicy): boolean {
  const c = classifyAddress(ip);
  return c === 'public' || (c === 'loopback' && policy.allowLoopback) || (c === 'private' && policy.allowPrivate);
}

/**
 * Why `ip` is refused, naming the address, its class and the setting that would allow it, e.g.
 * "127.0.0.1 is a loopback address; set WEBHOOK_ALLOW_LOOPBACK=on to allow it", or with `host`
 * "localhost resolves to 127.0.0.1, a loopback address; set …".
 */
export function refusalReason(ip: string, host?: string): string {
  const c = classifyAddress(ip);
  const n = normalizeAddress(ip);
  const v6 = n?.kind() === 'ipv6' ? (n as ipaddr.IPv6) : null;
  const inner = n && n.kind() === 'ipv4' && n.toString() !== ip ? n.toString() : v6 && tunnelledV4(v6)?.toString();
  const shown = inner ? `${ip} (${inner})` : ip;
  const what = host ? `${host} resolves to ${shown}, a` : `${shown} is a`;
  if (c === 'loopback') return `${what} loopback address; set WEBHOOK_ALLOW_LOOPBACK=on to allow it`;
  if (c === 'private') return `${what} private address; set WEBHOOK_ALLOW_PRIVATE=on to allow it`;
  return `${what} forbidden address (unspecified, multicast, broadcast, reserved or an IPv6 tunnel)`;
}

/** The URL's host without IPv6 brackets (what dns.lookup / net.isIP expect). */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

const defaultResolve: Resolve = (host) => dns.promises.lookup(host, { all: true });

/**
 * Validates a webhook URL: absolute http:/https:, at most 2048 characters, a host, no
 * user:password, no fragment, no whitespace; then every address the host resolves to (IP
 * literals are used as is) must be allowed by `policy`. Never throws: failures are
 * `{ ok: false, reason }`. `resolve` is for tests (default dns.promises.lookup, all addresses).
 */
export async function validateWebhookUrl(
  raw: string,
  policy: AddressPolicy,
  resolve: Resolve = defaultResolve,
): Promise<{ ok: true; url: URL } | { ok: false; reason: string }> {
  if (typeof raw !== 'string' || raw.length === 0) return { ok: false, reason: 'URL is empty' };
  if (raw.length > MAX_URL_LENGTH) return { ok: false, reason: `URL is longer than ${MAX_URL_LENGTH} characters` };
  if (/[\s\x00-\x1f\x7f]/.test(raw)) return { ok: false, reason: 'URL contains whitespace or control characters' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not an absolute URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: `scheme ${url.protocol} is not allowed; use http: or https:` };
  if (!url.hostname) return { ok: false, reason: 'URL has no host' };
  if (url.username || url.password) return { ok: false, reason: 'URL must not contain credentials (user:password@)' };
  if (raw.includes('#')) return { ok: false, reason: 'URL must not contain a fragment (#)' };
  const host = bareHost(url);
  if (net.isIP(host))
    return isAllowedAddress(host, policy) ? { ok: true, url } : { ok: false, reason: refusalReason(host) };
  let addrs: { address: string }[];
  try {
    addrs = await resolve(host);
  } catch {
    return { ok: false, reason: 'host does not resolve' };
  }
  if (addrs.length === 0) return { ok: false, reason: 'host does not resolve' };
  const bad = addrs.find((a) => !isAllowedAddress(a.address, policy));
  return bad ? { ok: false, reason: refusalReason(bad.address, host) } : { ok: true, url };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request / net.connect (net.LookupFunction) that resolves with dns.lookup
 * and fails with an Error of code 'ESSRF' (message naming the address) when any resolved address
 * is not allowed by `policy`. Honours `options.all` (true: address list; false: first address).
 */
export function guardedLookup(
  policy: AddressPolicy,
): (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addrs) => {
      if (err) return callback(err, options.all ? [] : '');
      const bad = addrs.find((a) => !isAllowedAddress(a.address, policy));
      if (bad || addrs.length === 0) {
        const e: NodeJS.ErrnoException = new Error(
          bad ? refusalReason(bad.address, hostname) : `${hostname} does not resolve`,
        );
        e.code = bad ? 'ESSRF' : 'ENOTFOUND';
        return callback(e, options.all ? [] : '');
      }
      if (options.all) callback(null, addrs);
      else callback(null, addrs[0].address, addrs[0].family);
    });
  };
}
