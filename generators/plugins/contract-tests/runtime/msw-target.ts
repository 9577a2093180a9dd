/**
 * The MSW handlers as the target (CONTRACT_MSW): each suite's setup, in the process that runs the
 * suite, starts msw's `setupServer` with the handlers matched on the target's base URL, so every
 * request the suites make with fetch is answered in-process. A request no handler matches fails
 * with a message naming it, which the suite reports as the target not answering.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigurationError } from './findings.js';
import { targetFromEnv } from './target.js';

/** What the suites need of msw/node (imported by name at run time: the suites depend on msw only when asked to run against it). */
interface MswServer {
  listen(options: { onUnhandledRequest: (request: Request) => void }): void;
  close(): void;
}

/** What the msw plugin's module exports. */
interface HandlersModule {
  createHandlers?: ((options: { baseURL?: string }) => unknown[]) | undefined;
}

/** Starts the handlers when CONTRACT_MSW names them; returns what stops them, or undefined when the target is not msw. */
export async function interceptWithMsw(
  env: Record<string, string | undefined> = process.env,
): Promise<(() => void) | undefined> {
  if (!env.CONTRACT_MSW) return undefined;
  const target = targetFromEnv(env);
  const file = path.resolve(env.CONTRACT_MSW);
  const handlers = (await import(pathToFileURL(file).href)) as HandlersModule;
  if (typeof handlers.createHandlers !== 'function')
    throw new ConfigurationError(
      `CONTRACT_MSW names ${file}, which exports no createHandlers: name the msw plugin's msw/index.ts.`,
    );
  const mswNode = 'msw/node';
  const { setupServer } = (await import(mswNode)) as { setupServer(...handlers: unknown[]): MswServer };
  const server = setupServer(...handlers.createHandlers({ baseURL: target.baseUrl }));
  server.listen({
    onUnhandledRequest(request) {
      throw new Error(`no MSW handler answers ${request.method} ${request.url}`);
    },
  });
  return () => server.close();
}
