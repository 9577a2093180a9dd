/**
 * Several sabotaged services in one process (started by sabotaged-services.ts), so a test file of
 * many sabotages loads the service's code once instead of once per service. Each service is what
 * sabotaged-server.ts serves for its SABOTAGE: its own store, port, dispatcher and hooks, with the
 * options `npm run serve` reads from its environment (serviceOptionsFrom) read from the request's.
 *
 * Requests are JSON lines on stdin, answers JSON lines on stdout after ANSWER (a service's own
 * logs, when not LOG=off, go to stdout too):
 *   {"id":1,"start":{"sabotage":"wrong-type","env":{"DATABASE_PATH":"..."}}}  ->  {"id":1,"url":"http://..."}
 *   {"id":2,"stop":"http://..."}                                            ->  {"id":2}
 * A failure answers {"id":n,"error":"..."}. When stdin closes (the test's end, or its runner
 * dying) every service stops and the process exits.
 */
import { createInterface } from 'node:readline';
import { serviceOptionsFrom } from '../../service/serve.js';
import { startService, type RunningService } from '../../service/start-service.js';
import { openStore } from '../../service/store/open.js';
import { isSabotage, sabotagedParts, SABOTAGES } from './sabotaged-service.js';
import { ANSWER } from './sabotaged-services.js';

type Request = { id: number } & (
  { start: { sabotage: string; env: Record<string, string> } } | { stop: string }
);

const services = new Map<string, RunningService>();

async function start({ sabotage, env: given }: { sabotage: string; env: Record<string, string> }) {
  if (!isSabotage(sabotage))
    throw new Error(`sabotage must be one of ${SABOTAGES.join(', ')}; got ${JSON.stringify(sabotage)}`);
  // The environment the service would have in a process of its own: this one's, plus the request's.
  const env = { ...process.env, ...given };
  const fromEnvironment = serviceOptionsFrom(env);
  const store = await openStore(env);
  let parts: ReturnType<typeof sabotagedParts>;
  try {
    parts = sabotagedParts(sabotage, store, env);
  } catch (error) {
    await store.close();
    throw error;
  }
  // Each on a port of its own (0: the kernel's choice).
  const service = await startService({
    ...fromEnvironment,
    port: 0,
    ...parts,
    dispatcher: parts.dispatcher ?? fromEnvironment.dispatcher,
  });
  services.set(service.url, service);
  return { url: service.url };
}

async function stop(url: string) {
  const service = services.get(url);
  if (!service) throw new Error(`no service at ${url}`);
  services.delete(url);
  await service.close();
  return {};
}

const answer = (message: object) => process.stdout.write(`${ANSWER}${JSON.stringify(message)}\n`);

const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line) as Request;
  ('start' in request ? start(request.start) : stop(request.stop)).then(
    (result) => answer({ id: request.id, ...result }),
    (error: Error) => answer({ id: request.id, error: error.stack ?? String(error) }),
  );
});
lines.on('close', () => {
  void Promise.allSettled([...services.values()].map((service) => service.close())).then(() =>
    process.exit(0),
  );
});
