/**
 * The events stage: a receiver on loopback, registered with the target for its test environment,
 * gets each webhook event after the API calls that cause it (the spec's `x-emitted-after`). Each
 * delivery is verified with the generated client's helper and with the `standardwebhooks` package,
 * validated against the webhook's body schema and matched to the call by the payload values the
 * spec names; the receiver answers 500 to the first delivery of one event and must see it again,
 * with the same id and a signature made for the retry.
 *
 * Registration is generic: CONTRACT_WEBHOOK_REGISTER is a shell command run with
 * CONTRACT_WEBHOOK_URL in its environment whose last stdout line is the endpoint's secret
 * (CONTRACT_WEBHOOK_UNREGISTER undoes it, given CONTRACT_WEBHOOK_REGISTERED: what the register
 * command printed before the secret); or CONTRACT_WEBHOOK_SECRET for a receiver registered
 * beforehand at CONTRACT_WEBHOOK_HOST:CONTRACT_WEBHOOK_PORT.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import type { OperationCase } from './cases.js';
import { ConfigurationError, ProblemsError, type Problem } from './findings.js';
import { send } from './harness.js';
import { pathParamsOf, type RequestSpec, type Sent } from './request.js';
import type { Target } from './target.js';
import type { SpecValidator } from './validator.js';

type Json = Record<string, unknown>;

/** One call that causes an event (x-emitted-after), as the IR carries it. */
export interface EmitterCase {
  operationId: string;
  when: Record<string, unknown>;
  payload: Record<string, unknown>;
}

export interface EventCase {
  /** The key under `webhooks`, e.g. "assessment.completed". */
  name: string;
  schema: object;
  emittedAfter: EmitterCase[];
}

/** The shape of events.json. */
export interface EventsCases {
  headers: { id: string; timestamp: string; signature: string };
  secretPrefix: string;
  /** How long the first delivery may take after the call's answer: one attempt's timeout (x-webhooks) plus slack. */
  firstDeliveryMs: number;
  /** How long a retry may take after the failed attempt: the first retry delay with its jitter, one timeout, plus slack. */
  retryMs: number;
  events: EventCase[];
}

/** What the stage needs from the suite: the target, its validator and positive requests (ContractChecks). */
export interface EventsContext {
  target: Target;
  validator: SpecValidator;
  operation(id: string): OperationCase;
  request(operation: OperationCase): Promise<RequestSpec>;
}

/** The generated client's `client.webhooks` (only `verify` is used). */
export interface WebhookVerifier {
  verify(
    rawBody: string,
    headers: Record<string, string | string[] | undefined>,
    options: { secret?: string | undefined },
  ): Promise<void>;
}

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
  payload: unknown;
  at: number;
  answered: number;
}

function pointer(value: unknown, path: string): unknown {
  if (path === '' || path === '/') return path === '' ? value : (value as Json | undefined)?.[''];
  return path
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      value,
    );
}

function setPointer(target: Json, path: string, value: unknown): void {
  const parts = path
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = target;
  parts.slice(0, -1).forEach((part) => {
    if (!node[part] || typeof node[part] !== 'object') node[part] = {};
    node = node[part] as Json;
  });
  node[parts.at(-1)!] = value;
}

/** A runtime expression of x-emitted-after's payload, against the call that was made; anything else is a constant. */
function evaluate(
  expression: unknown,
  call: { operation: OperationCase; request: RequestSpec; sent: Sent },
): unknown {
  if (typeof expression !== 'string' || !expression.startsWith('$')) return expression;
  const [, source, rest = ''] =
    /^\$(request\.body|response\.body|request\.path\.|request\.query\.|request\.header\.|response\.header\.)(.*)$/.exec(
      expression,
    ) ?? [];
  switch (source) {
    case 'request.body':
      return pointer(call.request.body, rest.replace(/^#/, ''));
    case 'response.body':
      return pointer(call.sent.body, rest.replace(/^#/, ''));
    case 'request.path.':
      return pathParamsOf(call.operation.path, call.request.path)[rest];
    case 'request.query.':
      return call.request.query?.[rest];
    case 'request.header.':
      return Object.entries(call.request.headers ?? {}).find(
        ([name]) => name.toLowerCase() === rest.toLowerCase(),
      )?.[1];
    case 'response.header.':
      return call.sent.headers.get(rest) ?? undefined;
    default:
      throw emittedAfterProblem(
        String(call.operation.id),
        `x-emitted-after: ${expression} is not a runtime expression the events stage knows`,
      );
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The target's deliveries broke the contract of the event. */
function delivery(event: string, messages: string[]): ProblemsError {
  return new ProblemsError(
    messages.map((message): Problem => ({
      class: 'target',
      check: 'webhook_delivery',
      message,
      operation: event,
      pointer: `/webhooks/${event.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      fix: `Deliver ${event} as the spec says: after the call that causes it, signed (Standard Webhooks), valid against its schema, retried after a failure.`,
    })),
  );
}

/** The spec's x-emitted-after asks for something the stage cannot do. */
function emittedAfterProblem(event: string, message: string): ProblemsError {
  return new ProblemsError([
    {
      class: 'spec',
      check: 'webhook_delivery',
      message,
      operation: event,
      pointer: `/webhooks/${event.replace(/~/g, '~0').replace(/\//g, '~1')}/post/x-emitted-after`,
      fix: 'Use runtime expressions the contract stage knows in x-emitted-after ($request.body#/…, $request.query.…, $request.header.…, $response.body#/…).',
    },
  ]);
}

export class EventChecks {
  private server: Server | undefined;
  private secret: string | undefined;
  private registered = '';
  private readonly deliveries: Delivery[] = [];
  /** Deliveries the receiver answers 500 the first time (the retry check). */
  private readonly failFirst: Array<(payload: unknown) => boolean> = [];
  private readonly failed = new Set<string>();
  private url = '';

  constructor(
    readonly cases: EventsCases,
    private readonly context: EventsContext,
    private readonly generated: WebhookVerifier,
    private readonly env: Record<string, string | undefined> = process.env,
  ) {}

  /** Why the stage cannot run against this target, with the variable that makes it run; undefined when it can. */
  notApplicable(): string | undefined {
    if (this.env.CONTRACT_WEBHOOKS === 'false') return 'turned off (CONTRACT_WEBHOOKS=false)';
    if (!this.context.target.stateful) return 'the target keeps no state and sends no events';
    if (!this.env.CONTRACT_WEBHOOK_SECRET && !this.env.CONTRACT_WEBHOOK_REGISTER) {
      return 'no receiver registration configured: set CONTRACT_WEBHOOK_REGISTER (a command that registers $CONTRACT_WEBHOOK_URL for test events and prints its secret last), or CONTRACT_WEBHOOK_SECRET with CONTRACT_WEBHOOK_PORT for a receiver registered beforehand';
    }
    return undefined;
  }

  /** Why one event cannot be checked (the spec does not say what causes it), or undefined. */
  eventNotApplicable(name: string): string | undefined {
    return this.event(name).emittedAfter.length === 0
      ? 'the spec does not say which call causes it (x-emitted-after)'
      : this.notApplicable();
  }

  private event(name: string): EventCase {
    const found = this.cases.events.find((event) => event.name === name);
    if (!found) throw new Error(`no event ${name} in events.json`);
    return found;
  }

  /** Starts the receiver and registers it (or takes the pre-registered secret). */
  async start(): Promise<void> {
    const host = this.env.CONTRACT_WEBHOOK_HOST || '127.0.0.1';
    const port = Number(this.env.CONTRACT_WEBHOOK_PORT || 0);
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        let payload: unknown;
        try {
          payload = JSON.parse(body);
        } catch {
          payload = undefined;
        }
        const id = String(request.headers[this.cases.headers.id] ?? '');
        const fail = this.failFirst.some((wanted) => wanted(payload)) && !this.failed.has(id);
        if (fail) this.failed.add(id);
        const status = fail ? 500 : 204;
        this.deliveries.push({ headers: request.headers, body, payload, at: Date.now(), answered: status });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(port, host, resolve);
    });
    const address = this.server.address();
    if (!address || typeof address !== 'object') throw new Error('the events receiver has no address');
    const hostPart = host.includes(':') ? `[${host}]` : host;
    this.url = `http://${hostPart}:${address.port}/contract-events/${randomBytes(6).toString('hex')}`;
    if (this.env.CONTRACT_WEBHOOK_SECRET) {
      this.secret = this.env.CONTRACT_WEBHOOK_SECRET;
      return;
    }
    const { code, stdout, stderr } = await this.shell(this.env.CONTRACT_WEBHOOK_REGISTER!);
    const lines = stdout
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const secret = lines.at(-1);
    if (code !== 0)
      throw new ConfigurationError(
        `CONTRACT_WEBHOOK_REGISTER exited with ${code}: ${stderr.trim().slice(-500)}`,
      );
    if (!secret?.startsWith(this.cases.secretPrefix))
      throw new ConfigurationError(
        `CONTRACT_WEBHOOK_REGISTER must print the endpoint's secret (${this.cases.secretPrefix}…) as its last line; its last line does not start with ${this.cases.secretPrefix}`,
      );
    this.secret = secret;
    this.registered = lines.slice(0, -1).join('\n');
  }

  /** Unregisters the receiver (CONTRACT_WEBHOOK_UNREGISTER) and stops it. */
  async stop(): Promise<string> {
    let said = '';
    if (this.registered !== '' || (this.secret && this.env.CONTRACT_WEBHOOK_REGISTER)) {
      if (this.env.CONTRACT_WEBHOOK_UNREGISTER) {
        const { code, stderr } = await this.shell(this.env.CONTRACT_WEBHOOK_UNREGISTER, {
          CONTRACT_WEBHOOK_REGISTERED: this.registered,
        });
        if (code !== 0)
          throw new ConfigurationError(
            `CONTRACT_WEBHOOK_UNREGISTER exited with ${code}: ${stderr.trim().slice(-500)}`,
          );
        said = `events: receiver ${this.url} unregistered`;
      } else said = `events: receiver ${this.url} stays registered (no CONTRACT_WEBHOOK_UNREGISTER)`;
    }
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    return said;
  }

  private shell(
    command: string,
    extra: Record<string, string> = {},
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn('sh', ['-c', command], {
        env: { ...process.env, ...extra, CONTRACT_WEBHOOK_URL: this.url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('error', (error) => resolve({ code: 127, stdout, stderr: error.message }));
      child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr }));
    });
  }

  /** Makes the call that causes the event (its `when` applied to the positive request) and returns what the event must hold. */
  private async cause(
    event: EventCase,
    emitter: EmitterCase,
  ): Promise<{ expected: Record<string, unknown>; answeredAt: number }> {
    const operation = this.context.operation(emitter.operationId);
    const request = structuredClone(await this.context.request(operation));
    for (const [expression, value] of Object.entries(emitter.when)) {
      const [, where, rest = ''] = /^\$?request\.(body|query\.|header\.)(.*)$/.exec(expression) ?? [];
      if (where === 'body') {
        request.body = request.body && typeof request.body === 'object' ? request.body : {};
        setPointer(request.body as Json, rest.replace(/^#/, ''), value);
      } else if (where === 'query.') request.query = { ...request.query, [rest]: value };
      else if (where === 'header.') request.headers = { ...request.headers, [rest]: String(value) };
      else
        throw emittedAfterProblem(
          event.name,
          `${event.name}: x-emitted-after when ${expression} is not something the suite can set ($request.body#/…, $request.query.…, $request.header.…)`,
        );
    }
    const sent = await send(this.context.target, request);
    if (sent.status < 200 || sent.status >= 300)
      throw delivery(event.name, [
        `${event.name}: ${operation.id}, the call that causes it, answered ${sent.status}: ${sent.text.slice(0, 200)}`,
      ]);
    const expected = Object.fromEntries(
      Object.entries(emitter.payload).map(([path, expression]) => [
        path,
        evaluate(expression, { operation, request, sent }),
      ]),
    );
    return { expected, answeredAt: Date.now() };
  }

  private matches(expected: Record<string, unknown>): (payload: unknown) => boolean {
    return (payload) =>
      Object.entries(expected).every(
        ([path, value]) => JSON.stringify(pointer(payload, path)) === JSON.stringify(value),
      );
  }

  /** Waits for the `count`-th delivery that matches; undefined when the time is up. */
  private async waitFor(
    match: (payload: unknown) => boolean,
    count: number,
    untilMs: number,
  ): Promise<Delivery[]> {
    for (;;) {
      const found = this.deliveries.filter((delivery) => match(delivery.payload));
      if (found.length >= count || Date.now() > untilMs) return found;
      await sleep(25);
    }
  }

  /** Signature (both verifiers) and payload schema of one delivery; each problem names the event and the property. */
  private async problems(event: EventCase, delivery: Delivery, label: string): Promise<string[]> {
    const problems: string[] = [];
    const names = this.cases.headers;
    for (const name of [names.id, names.timestamp, names.signature])
      if (delivery.headers[name] === undefined)
        problems.push(`${event.name} ${label}: header ${name} is missing`);
    try {
      await this.generated.verify(delivery.body, delivery.headers, { secret: this.secret });
    } catch (error) {
      problems.push(
        `${event.name} ${label}: the generated client's webhooks.verify refuses it (${(error as Error).name}: ${(error as Error).message})`,
      );
    }
    try {
      // The library knows the Standard Webhooks header names only; the spec may name them otherwise.
      const standard = {
        'webhook-id': String(delivery.headers[names.id] ?? ''),
        'webhook-timestamp': String(delivery.headers[names.timestamp] ?? ''),
        'webhook-signature': String(delivery.headers[names.signature] ?? ''),
      };
      new Webhook(
        this.secret!.startsWith(this.cases.secretPrefix)
          ? `whsec_${this.secret!.slice(this.cases.secretPrefix.length)}`
          : this.secret!,
      ).verify(delivery.body, standard);
    } catch (error) {
      problems.push(
        `${event.name} ${label}: standardwebhooks refuses its signature (${(error as Error).message})`,
      );
    }
    if (delivery.payload === undefined)
      problems.push(`${event.name} ${label}: the body is not JSON: ${delivery.body.slice(0, 200)}`);
    else
      problems.push(
        ...this.context.validator
          .violations(event.schema, delivery.payload)
          .map((violation) => `${event.name} ${label} payload: ${violation}`),
      );
    return problems;
  }

  /** What arrived instead, for a failure message: deliveries that match some of the expected values. */
  private near(expected: Record<string, unknown>): string {
    const [first] = Object.entries(expected);
    const partial = first
      ? this.deliveries.filter(
          (delivery) => JSON.stringify(pointer(delivery.payload, first[0])) === JSON.stringify(first[1]),
        )
      : [];
    if (partial.length === 0)
      return `; the receiver got ${this.deliveries.length} deliveries, none with ${first?.[0]} = ${JSON.stringify(first?.[1])}`;
    return `; deliveries with ${first![0]} = ${JSON.stringify(first![1])} hold ${partial
      .map((delivery) =>
        Object.keys(expected)
          .map((path) => `${path} = ${JSON.stringify(pointer(delivery.payload, path))}`)
          .join(', '),
      )
      .join('; ')}`;
  }

  /** The event arrives after the call that causes it, within the bound, signed, valid and holding what the call said. */
  async arrives(name: string, index: number): Promise<void> {
    const event = this.event(name);
    const emitter = event.emittedAfter[index]!;
    const { expected, answeredAt } = await this.cause(event, emitter);
    const [delivered] = await this.waitFor(
      this.matches(expected),
      1,
      answeredAt + this.cases.firstDeliveryMs,
    );
    if (!delivered)
      throw delivery(event.name, [
        `${event.name}: no delivery within ${this.cases.firstDeliveryMs / 1000} s after ${emitter.operationId} holding ${Object.entries(
          expected,
        )
          .map(([path, value]) => `${path} = ${JSON.stringify(value)}`)
          .join(', ')}${this.near(expected)}`,
      ]);
    const problems = await this.problems(event, delivered, `after ${emitter.operationId}`);
    if (problems.length) throw delivery(event.name, problems);
  }

  /** The receiver answers 500 to the event's first delivery: it comes again, same id, signed anew, within the retry bound. */
  async retried(name: string): Promise<void> {
    const event = this.event(name);
    const emitter = event.emittedAfter[0]!;
    const operation = this.context.operation(emitter.operationId);
    // The call's IDs are known only once it answers, and the event may arrive before that: while
    // this check runs, the first delivery of every event holding the entry's constants (its type)
    // is refused; deliveries of other suites' calls are retried too, which harms nothing.
    const constants = Object.fromEntries(
      Object.entries(emitter.payload).filter(
        ([, value]) => !(typeof value === 'string' && value.startsWith('$')),
      ),
    );
    const rule = this.matches(constants);
    this.failFirst.push(rule);
    try {
      const { expected, answeredAt } = await this.cause(event, emitter);
      const match = this.matches(expected);
      const [first] = await this.waitFor(match, 1, answeredAt + this.cases.firstDeliveryMs);
      if (!first)
        throw delivery(event.name, [
          `${event.name}: no delivery within ${this.cases.firstDeliveryMs / 1000} s after ${operation.id}${this.near(expected)}`,
        ]);
      const both = await this.waitFor(match, 2, first.at + this.cases.retryMs);
      const problems: string[] = [];
      if (first.answered !== 500)
        problems.push(
          `${event.name}: the receiver did not refuse the first delivery (internal: answered ${first.answered})`,
        );
      if (both.length < 2) {
        problems.push(
          `${event.name}: the receiver answered 500 and no retry came within ${this.cases.retryMs / 1000} s (the first retry delay of x-webhooks.retry_schedule_seconds, its jitter, one timeout and slack)`,
        );
        throw delivery(event.name, problems);
      }
      const retry = both[1]!;
      const idName = this.cases.headers.id;
      const timestampName = this.cases.headers.timestamp;
      if (retry.headers[idName] !== first.headers[idName])
        problems.push(
          `${event.name} retry: header ${idName} is ${JSON.stringify(retry.headers[idName])}, the first delivery's was ${JSON.stringify(first.headers[idName])}: receivers deduplicate on it`,
        );
      if (retry.body !== first.body)
        problems.push(`${event.name} retry: the body differs from the first delivery's`);
      if (Number(retry.headers[timestampName]) < Number(first.headers[timestampName]))
        problems.push(
          `${event.name} retry: header ${timestampName} goes back in time (${String(retry.headers[timestampName])} < ${String(first.headers[timestampName])})`,
        );
      problems.push(...(await this.problems(event, retry, 'retry')));
      if (problems.length) throw delivery(event.name, problems);
    } finally {
      this.failFirst.splice(this.failFirst.indexOf(rule), 1);
    }
  }
}
