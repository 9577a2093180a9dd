/**
 * startService: the one way the reference service is started, by `npm run serve` (serve.ts),
 * `npm start`, the HTTP benchmark's target and every test helper. It opens the store (unless given
 * one), starts the webhook dispatcher beside the app, builds the app (app.ts), listens, and stops
 * all of it in order. Callers vary only what they genuinely need to: clocks, logging, the
 * dispatcher's settings, hooks a sabotaged test service adds.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from './app.js';
import { openStore } from './store/open.js';
import type { Store } from './store/store.js';
import { WebhookDispatcher, type DispatcherOptions } from './webhooks/dispatcher.js';

export interface ServiceOptions extends Omit<AppOptions, 'store' | 'onEvents'> {
  /** The store to serve (closed when the service stops); default: the environment's (DATABASE_URL, else SQLite at DATABASE_PATH). */
  store?: Store;
  /**
   * The webhook dispatcher run beside request handling (never inside it): its options (default:
   * settings from the environment), or `false` when the caller delivers events itself (a test's
   * own dispatcher, told through `onEvents`).
   */
  dispatcher?: false | Omit<DispatcherOptions, 'store'>;
  /** Also told after a request commits webhook events. */
  onEvents?: () => void;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0: any free port (the address is in `url`). */
  port?: number;
  /**
   * Runs on the app before it listens. Hooks it adds reach every route of both plugins: for the
   * tests that break one answer on purpose, never for behaviour the service itself needs.
   */
  extend?: (app: FastifyInstance) => void | Promise<void>;
}

export interface RunningService {
  app: FastifyInstance;
  store: Store;
  /** Undefined with `dispatcher: false`. */
  dispatcher?: WebhookDispatcher;
  /** Where it listens, e.g. http://127.0.0.1:3000. */
  url: string;
  /** Stops taking requests and waits for those in flight, then stops the dispatcher, then closes the store. */
  close: () => Promise<void>;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const {
    store: given,
    dispatcher: dispatcherOptions = {},
    onEvents,
    host = '127.0.0.1',
    port = 0,
    extend,
    ...appOptions
  } = options;
  const store = given ?? (await openStore());
  let dispatcher: WebhookDispatcher | undefined;
  let app: FastifyInstance | undefined;
  try {
    dispatcher =
      dispatcherOptions === false
        ? undefined
        : new WebhookDispatcher({ ...dispatcherOptions, store }).start();
    const notify = () => {
      dispatcher?.notify();
      onEvents?.();
    };
    app = await buildApp({ ...appOptions, store, onEvents: notify });
    await extend?.(app);
    const url = await app.listen({ host, port });
    const running = app;
    return {
      app: running,
      store,
      dispatcher,
      url,
      close: async () => {
        await running.close();
        await dispatcher?.stop();
        // Last: whatever the service still writes on its way out (the dispatcher's outcomes) goes before it.
        await store.close();
      },
    };
  } catch (error) {
    // A service that did not start leaves nothing running.
    await app?.close().catch(() => undefined);
    await dispatcher?.stop();
    await store.close().catch(() => undefined);
    throw error;
  }
}
