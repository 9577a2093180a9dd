/**
 * The service as `npm run serve` runs it, from the environment: the store from DATABASE_URL or
 * DATABASE_PATH, HOST (default 127.0.0.1) and PORT (default 3000), TRUST_PROXY, LOG=off for no
 * request or delivery logs. Prints one line once it listens and stops quietly on SIGINT/SIGTERM.
 * Test services that run in their own process (test/support/) call it with what they change.
 */
import { describeTrustProxy, servicePort, trustProxyOrExit } from './config.js';
import { startService, type RunningService, type ServiceOptions } from './start-service.js';
import { describeStore, openStoreOrExit } from './store/open.js';

export async function serveFromEnvironment(
  tool: string,
  overrides: ServiceOptions = {},
): Promise<RunningService> {
  const trustProxy = overrides.trustProxy ?? trustProxyOrExit(tool);
  const store = overrides.store ?? (await openStoreOrExit(tool));
  const logs = process.env.LOG !== 'off';
  const host = overrides.host ?? process.env.HOST ?? '127.0.0.1';
  const port = overrides.port ?? servicePort();
  const service = await startService({
    trustProxy,
    logger: logs,
    host,
    port,
    onUnimplemented: (ids) => console.warn(`operations without a handler (501): ${ids.join(', ')}`),
    ...overrides,
    store,
    // Webhook deliveries run in this process, beside (never inside) request handling.
    dispatcher: overrides.dispatcher ?? { log: logs ? (line) => console.log(line) : undefined },
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
