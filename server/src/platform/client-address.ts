/**
 * Client addresses as limits should count them. One IPv6 subscriber is routinely given a whole /64 (2^64
 * addresses), so a limit keyed on the full IPv6 address would be a limit on nothing: IPv6 is counted per /64,
 * IPv4 per address, and an IPv4 address written as IPv6 (`::ffff:203.0.113.7`, what a dual-stack socket reports)
 * as the IPv4 address it is.
 */
import net from 'node:net';

const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** `::ffff:a.b.c.d` → `a.b.c.d`; any other address unchanged. */
export function unmapIPv4(address: string): string {
  return MAPPED_IPV4.exec(address)?.[1] ?? address;
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a dotted IPv4 tail converted), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const bare = address.replace(/%.*$/, '');
  if (net.isIPv6(bare) === false) return undefined;
  let text = bare;
  const tail = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (tail) {
    const [a, b, c, d] = tail[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -tail[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const zeros = rest === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((g) => parseInt(g, 16));
}

/**
 * The key a per-address limit counts `address` under: the IPv4 address, or the IPv6 /64 written as
 * `2001:db8:1:2::/64`. Anything unparseable (no address at all) shares one bucket, "unknown".
 */
export function addressBucket(address: string | undefined): string {
  if (!address) return 'unknown';
  const plain = unmapIPv4(address);
  if (net.isIPv4(plain)) return plain;
  const groups = ipv6Groups(plain);
  if (!groups) return 'unknown';
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
