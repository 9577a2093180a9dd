/**
 * Where webhook requests may go (OWASP API7, server-side request forgery). Live endpoints: https
 * only, and every address the host resolves to must be public: never loopback, private,
 * link-local (which holds the cloud metadata service, 169.254.169.254 and fd00:ec2::254),
 * carrier-grade NAT, multicast or reserved. Test endpoints may also use http and loopback, so a
 * developer can receive sandbox events on 127.0.0.1; every other refusal holds for them too.
 * Loopback only as the URL says it (127.0.0.1, [::1], localhost): a public name that resolves to
 * loopback is refused, so a name whose DNS answer changes later cannot point inside either.
 * Checked when an endpoint is added and again on every delivery, on the address actually
 * connected to (DNS answers can change between the two).
 */
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { Environment } from '../store/store.js';

export class WebhookUrlError extends Error {}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

const NEVER = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NEVER.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['fc00::', 7], // unique local (fd00:ec2::254 is AWS metadata)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  NEVER.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const match = /^(?:::ffff:|64:ff9b::)(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(
    address,
  );
  if (!match) return undefined;
  if (match[1]) return match[1];
  const high = parseInt(match[2], 16);
  const low = parseInt(match[3], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether the address is loopback (IPv4-mapped and NAT64 forms included). */
function isLoopback(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  if (inner) return isLoopback(inner);
  return LOOPBACK.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Whether the URL's host is, or resolves to, a loopback address (a URL that does not parse or resolve: no). */
export async function pointsAtLoopback(raw: string): Promise<boolean> {
  let host: string;
  try {
    host = new URL(raw).hostname.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return false;
  }
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true }).then(
        (found) => found.map((entry) => entry.address),
        () => [],
      );
  return addresses.some(isLoopback);
}

/** Why an address is refused for the environment, or undefined when it is allowed. */
export function addressRefusal(address: string, environment: Environment): string | undefined {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const inner = family === 6 ? embeddedIpv4(address) : undefined;
  if (inner) return addressRefusal(inner, environment);
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (LOOPBACK.check(address, type))
    return environment === 'test'
      ? undefined
      : `${address} is a loopback address; live endpoints must be public`;
  if (NEVER.check(address, type)) return `${address} is a private, link-local, metadata or reserved address`;
  return undefined;
}

/** The URL, parsed, if its form is allowed for the environment (no DNS yet). */
export function parseEndpointUrl(raw: string, environment: Environment): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError(`not a URL: ${raw.slice(0, 200)}`);
  }
  if (raw.length > 2048) throw new WebhookUrlError('the URL is longer than 2048 characters');
  if (environment === 'live' && url.protocol !== 'https:')
    throw new WebhookUrlError('live endpoints must use https');
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new WebhookUrlError('endpoints use http (test only) or https');
  if (url.username || url.password) throw new WebhookUrlError('the URL must not carry credentials');
  if (url.hash) throw new WebhookUrlError('the URL must not have a #fragment');
  return url;
}

/** Every address the URL's host resolves to, all of them allowed; throws WebhookUrlError naming the first refused. */
export async function resolveEndpoint(
  url: URL,
  environment: Environment,
): Promise<Array<{ address: string; family: number }>> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch (error) {
      throw new WebhookUrlError(
        `${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'DNS error'})`,
      );
    }
  }
  const namesLoopback = isIP(host) !== 0 || host === 'localhost';
  for (const { address } of addresses) {
    const refusal =
      addressRefusal(address, environment) ??
      (!namesLoopback && addressRefusal(address, 'live')
        ? `${address} is a loopback address; name it in the URL (http://127.0.0.1:PORT/…) to use it`
        : undefined);
    if (refusal)
      throw new WebhookUrlError(
        host === address ? refusal : `${host} resolves to a refused address: ${refusal}`,
      );
  }
  if (addresses.length === 0) throw new WebhookUrlError(`${host} has no address`);
  return addresses;
}

/** Parses and resolves: what adding an endpoint checks. */
export async function checkEndpointUrl(raw: string, environment: Environment): Promise<URL> {
  const url = parseEndpointUrl(raw, environment);
  await resolveEndpoint(url, environment);
  return url;
}
