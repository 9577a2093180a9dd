/**
 * The service as `npm run serve` runs it, from the environment: the store from DATABASE_URL or
 * DATABASE_PATH, HOST (default 127.0.0.1) and PORT (default 3000), TRUST_PROXY, LOG=off for no
 * request or delivery logs. Prints one line once it listens and stops quietly on SIGINT/SIGTERM.
 * Test services that run in their own process (test/support/) call it with what they change.
 */
import {
  ConfigError,
  describeTrustProxy,
  servicePort,
  trustProxySetting,
  type TrustProxy,
} from './config.js';
import { startService, type RunningService, type ServiceOptions } from './start-service.js';
import { describeStore, openStoreOrExit } from './store/open.js';

/**
 * The options `npm run serve` starts the service with, read from `env` (TRUST_PROXY, LOG, HOST,
 * PORT); the store is the caller's to open. Throws ConfigError for a setting the service refuses.
 * Test support that serves several services in one process reads each one's from its own `env`.
 */
export function serviceOptionsFrom(
  env: NodeJS.ProcessEnv,
): ServiceOptions & { trustProxy: TrustProxy; host: string; port: number } {
  const logs = env.LOG !== 'off';
  return {
    trustProxy: trustProxySetting(env),
    logger: logs,
    host: env.HOST ?? '127.0.0.1',
    port: servicePort(env),
    onUnimplemented: (ids) => console.warn(`operations without a handler (501): ${ids.join(', ')}`),
    // Webhook deliveries run in this process, beside (never inside) request handling.
    dispatcher: { log: logs ? (line) => console.log(line) : undefined },
  };
}

export async function serveFromEnvironment(
  tool: string,
  overrides: ServiceOptions = {},
): Promise<RunningService> {
  let fromEnvironment: ReturnType<typeof serviceOptionsFrom>;
  try {
    fromEnvironment = serviceOptionsFrom(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exitWith(`${tool}: ${error.message}`);
    throw error;
  }
  const store = overrides.store ?? (await openStoreOrExit(tool));
  const trustProxy = overrides.trustProxy ?? fromEnvironment.trustProxy;
  const host = overrides.host ?? fromEnvironment.host;
  const port = overrides.port ?? fromEnvironment.port;
  const service = await startService({
    ...fromEnvironment,
    ...overrides,
    trustProxy,
    host,
    port,
    store,
    dispatcher: overrides.dispatcher ?? fromEnvironment.dispatcher,
  }).catch((error: NodeJS.ErrnoException) => {
    // The operator's mistakes with the address: one line, not Node's stack.
    if (error.code === 'EADDRINUSE')
      return exitWith(
        `${tool}: ${host}:${port} is in use (another service, or an earlier one still running); set PORT to another port`,
      );
    if (error.code === 'EACCES' || error.code === 'EADDRNOTAVAIL')
      return exitWith(
        `${tool}: cannot listen on ${host}:${port} (${error.code}); set HOST and PORT to an address this machine has and may use`,
      );
    throw error;
  });
  console.log(`service: ${service.url} (database ${describeStore()}; ${describeTrustProxy(trustProxy)})`);
  const stop = async () => {
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return service;
}

function exitWith(message: string): never {
  console.error(message);
  process.exit(1);
}
