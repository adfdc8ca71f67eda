/**
 * Which peers are our own reverse proxies (TRUST_PROXY). Only what a trusted proxy says about the client
 * (X-Forwarded-For, -Proto, -Host) is believed; everything else a client writes itself. Fastify applies the same
 * setting to HTTP requests; this answers the question for connections Fastify does not see (the Socket.IO
 * handshake).
 */
import net from 'node:net';
import { unmapIPv4 } from './client-address';

/** The address family node's BlockList wants, or undefined for something that is no IP address. */
const familyOf = (address: string) => (net.isIPv4(address) ? 'ipv4' : net.isIPv6(address) ? 'ipv6' : undefined);

/**
 * `false`: no proxy, no peer is trusted. A hop count (≥ 1): the immediate peer is always a proxy — right only when
 * KreeChat can be reached through its proxies alone. A list of addresses and CIDRs (IPv4 and IPv6): the peer is
 * trusted when it is in the list; IPv4-mapped IPv6 (`::ffff:127.0.0.1`) counts as the IPv4 address on both sides.
 */
export function createProxyTrust(trustProxy: false | number | string[]): (peerAddress: string) => boolean {
  if (trustProxy === false) return () => false;
  if (typeof trustProxy === 'number') return () => trustProxy >= 1;
  const proxies = new net.BlockList();
  for (const entry of trustProxy) {
    const [rawAddress = '', prefix] = entry.split('/');
    const address = unmapIPv4(rawAddress);
    const family = familyOf(address);
    if (!family) throw new Error(`not an IP address or CIDR: ${entry}`);
    if (prefix === undefined) proxies.addAddress(address, family);
    // A mapped IPv4 CIDR (::ffff:10.0.0.0/104) is written in IPv6 prefix bits: 96 of them are the mapping.
    else proxies.addSubnet(address, Number(prefix) - (address !== rawAddress ? 96 : 0), family);
  }
  return (peerAddress) => {
    const address = unmapIPv4(peerAddress.replace(/%.*$/, ''));
    const family = familyOf(address);
    return family !== undefined && proxies.check(address, family);
  };
}

/**
 * The same rule in the shape Fastify's `trustProxy` option takes: whether the address `hop` steps from us (0 = the
 * socket's peer, 1 = the right-most X-Forwarded-For entry …) is a proxy. The client is the first address that is
 * not. A hop count is given as this function because Fastify 5.12 refuses a plain number (it then trusts nobody,
 * and every client would share the proxy's address).
 */
export function proxyTrustByHop(
  trustProxy: false | number | string[],
): false | ((address: string, hop: number) => boolean) {
  if (trustProxy === false) return false;
  if (typeof trustProxy === 'number') return (_address, hop) => hop < trustProxy;
  const isProxy = createProxyTrust(trustProxy);
  return (address) => isProxy(address);
}
