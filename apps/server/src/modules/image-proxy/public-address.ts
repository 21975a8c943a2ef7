/**
 * Whether an address is on the public internet. The image proxy (ADR 058) connects only to
 * such addresses, so a user-given URL cannot reach the server's own loopback, the private
 * network it sits in or a cloud metadata service (SSRF).
 */
import { BlockList, isIP } from 'node:net';

const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96], ['2001:db8::', 32], ['100::', 64],
] as const) BLOCKED.addSubnet(network, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address. */
function mappedIpv4(address: string): string | undefined {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match?.[1];
}

export function isPublicAddress(address: string): boolean {
  const v4 = mappedIpv4(address);
  if (v4 !== undefined) return isPublicAddress(v4);
  const family = isIP(address);
  if (family === 0) return false;
  return !BLOCKED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
