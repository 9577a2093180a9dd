/** Settings from the environment, with the defaults the README documents. */
import { isIP } from 'node:net';
import path from 'node:path';

export const DEFAULT_DATABASE_PATH = path.join('data', 'assessment.db');

export function databasePath(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_PATH || DEFAULT_DATABASE_PATH;
}

export function servicePort(env: NodeJS.ProcessEnv = process.env): number {
  return Number(env.PORT ?? 3000);
}

/** A setting the environment gives in a form the service refuses; the message says what to set instead. */
export class ConfigError extends Error {}

/**
 * Which proxies in front of the service are believed about the client (TRUST_PROXY): `false`
 * (the socket's address is the client's; X-Forwarded-* are ignored), a number of proxy hops, or
 * the addresses and CIDR ranges of the proxies.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** proxy-addr's (Fastify's) names for well-known ranges, accepted in the list form. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const EXAMPLES =
  "a hop count (1 for one load balancer) or the proxies' addresses or CIDR ranges (TRUST_PROXY=10.0.0.0/8,192.0.2.10)";

function validProxy(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Reads TRUST_PROXY; throws a ConfigError naming the bad value and what to set instead. */
export function trustProxySetting(env: NodeJS.ProcessEnv = process.env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw.toLowerCase() === 'false' || raw === '0') return false;
  if (raw.toLowerCase() === 'true') {
    throw new ConfigError(
      `TRUST_PROXY=true is refused: it would believe X-Forwarded-For from anyone who connects, so every client could pick its own address (and rate-limit bucket). Set ${EXAMPLES}.`,
    );
  }
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 16)
      throw new ConfigError(
        `TRUST_PROXY=${raw} hops is more proxies than any deployment has; set ${EXAMPLES}.`,
      );
    return { hops };
  }
  const proxies = raw.split(',').map((entry) => entry.trim());
  const bad = proxies.filter((entry) => !validProxy(entry));
  if (bad.length > 0)
    throw new ConfigError(
      `TRUST_PROXY has ${bad.map((entry) => JSON.stringify(entry.slice(0, 60))).join(', ')}, which is neither an IP address nor a CIDR range; set ${EXAMPLES}.`,
    );
  return { proxies };
}

/**
 * Fastify's `trustProxy` option for a setting. A hop count becomes a function: Fastify fails a bare
 * number closed (it cannot tell a proxy from a client that sends the header itself), which is
 * exactly the operator's promise with TRUST_PROXY=N: nothing reaches the service except through
 * those N proxies.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.proxies;
}

/** TRUST_PROXY for a command that serves: a refused value ends it with the reason, before anything starts. */
export function trustProxyOrExit(tool: string, env: NodeJS.ProcessEnv = process.env): TrustProxy {
  try {
    return trustProxySetting(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${tool}: ${error.message}`);
    process.exit(1);
  }
}

/** For start-up lines: whom the service believes about client addresses. */
export function describeTrustProxy(setting: TrustProxy): string {
  if (setting === false) return 'client address from the socket; X-Forwarded-* ignored';
  if ('hops' in setting)
    return `client address from X-Forwarded-For, ${setting.hops} proxy hop${setting.hops === 1 ? '' : 's'} trusted`;
  return `client address from X-Forwarded-For when sent by ${setting.proxies.join(', ')}`;
}
