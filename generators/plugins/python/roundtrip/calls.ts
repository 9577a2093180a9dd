/**
 * The Python leg of `npm run check:roundtrip`, its TypeScript half: turns calls described the way
 * the harness knows them (an operationId and values by their names on the wire) into the input of
 * the Python driver (driver.py beside this file: the method's attribute chain, positional path
 * arguments and keyword arguments by their Python names, from the same plan the emitter uses),
 * and runs the driver. Files in bodies are `{ $file: { base64, filename?, content_type?, headers?, as? } }`
 * or the round trip protocol's `{ $file: { name, type, bytes } }`, bytes `{ $bytes: base64 }` (see
 * driver.py for every tag). `runPythonCases` is the Python driver of `npm run check:roundtrip`:
 * it takes the harness's cases (scripts/lib/roundtrip/protocol.ts) and returns its results.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ir } from '../../../core/ir.js';
import { methodChain, planPython, type PythonPlan } from '../plan.js';

export const PYTHON_DRIVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'driver.py');

/** One call as the harness describes it: values by their wire names. */
export interface WireCall {
  /** Names the call in the results (default: the operationId). */
  id?: string;
  operationId: string;
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, unknown>;
  cookies?: Record<string, unknown>;
  /** The body: an object-like body's properties by name (multipart, form, a JSON object), or the whole value. */
  body?: unknown;
  /** The request media type, when not the operation's default. */
  contentType?: string;
  /** The response media type asked for, when not the preferred one. */
  accept?: string;
  /** Read the response through `.with_streaming_response` (its bytes) instead of the plain call. */
  streaming?: boolean;
  /** The response's media kind, when known: says whether an empty stream is events or records. */
  responseKind?: string;
}

export interface DriverCall {
  id: string;
  method: string[];
  args: unknown[];
  kwargs: Record<string, unknown>;
  mode: 'call' | 'streaming';
  kind?: string;
}

export interface DriverInput {
  package: string;
  client: string;
  options: { base_url: string; api_key?: string | null; max_retries?: number; timeout?: number };
  calls: DriverCall[];
}

export type DriverResult =
  | { id: string; ok: true; value: unknown }
  | { id: string; ok: false; error: { type: string; status: number | null; message: string } };

/** The driver call for one wire call. */
export function driverCall(plan: PythonPlan, call: WireCall): DriverCall {
  const method = plan.methods.find((candidate) => candidate.operation.id === call.operationId);
  if (!method) throw new Error(`No operation ${call.operationId} in this SDK.`);
  const args = method.params.filter((arg) => arg.location === 'path').map((arg) => call.path?.[arg.wire]);
  const kwargs: Record<string, unknown> = {};
  const sources = { query: call.query, header: call.headers, cookie: call.cookies } as const;
  for (const arg of method.params) {
    if (arg.location === 'path') continue;
    const value = sources[arg.location as keyof typeof sources]?.[arg.wire];
    if (value !== undefined) kwargs[arg.name] = value;
  }
  if (call.body !== undefined) {
    const variant = call.contentType
      ? method.requests.find(
          (request) => request.media.mediaType.toLowerCase() === call.contentType!.toLowerCase(),
        )
      : method.requests[0];
    if (!variant) throw new Error(`${call.operationId} takes no ${call.contentType ?? 'body'}.`);
    if (variant.mode === 'merged') {
      const body = (call.body ?? {}) as Record<string, unknown>;
      for (const arg of variant.args) if (body[arg.wire] !== undefined) kwargs[arg.name] = body[arg.wire];
    } else kwargs[variant.args[0].name] = call.body;
    if (method.contentTypeArg && variant !== method.requests[0])
      kwargs[method.contentTypeArg] = variant.media.mediaType;
  }
  if (call.accept && method.acceptArg) kwargs[method.acceptArg] = call.accept;
  return {
    id: call.id ?? call.operationId,
    method: methodChain(plan, method),
    args,
    kwargs,
    mode: call.streaming ? 'streaming' : 'call',
    ...(call.responseKind ? { kind: call.responseKind } : {}),
  };
}

export function driverInput(ir: Ir, calls: WireCall[], options: DriverInput['options']): DriverInput {
  const plan = planPython(ir);
  return {
    package: plan.packageName,
    client: plan.clientClass,
    options,
    calls: calls.map((call) => driverCall(plan, call)),
  };
}

/** Runs the driver once (`python` defaults to $PYTHON or python3, standard library only) on a generated SDK folder. */
export function runPythonDriver(
  sdkDir: string,
  input: DriverInput,
  python = process.env.PYTHON ?? 'python3',
): Promise<DriverResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(python, ['-S', '-E', '-B', PYTHON_DRIVER, sdkDir], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(new Error(`The Python driver exited with ${code}: ${stderr.slice(0, 2000)}`));
      try {
        resolve((JSON.parse(stdout) as { results: DriverResult[] }).results);
      } catch (error) {
        reject(
          new Error(
            `The Python driver printed no JSON (${(error as Error).message}): ${stdout.slice(0, 500)} ${stderr.slice(0, 2000)}`,
          ),
        );
      }
    });
    child.stdin.end(JSON.stringify(input));
  });
}

/**
 * One Python driver process kept for many inputs (`driver.py --serve`): the SDK is imported
 * once, not once per operation. Idle, it holds nothing that keeps Node running; when Node exits
 * its stdin closes and the driver ends.
 */
class DriverSession {
  private readonly child: ChildProcessWithoutNullStreams;
  private buffer = '';
  private stderr = '';
  private readonly pending: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  dead?: Error;

  constructor(sdkDir: string, python: string) {
    this.child = spawn(python, ['-S', '-E', '-B', PYTHON_DRIVER, '--serve', sdkDir], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      for (let end = this.buffer.indexOf('\n'); end !== -1; end = this.buffer.indexOf('\n')) {
        const line = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 1);
        this.pending.shift()?.resolve(line);
      }
      if (this.pending.length === 0) this.idle();
    });
    this.child.stderr.on(
      'data',
      (chunk: Buffer) => (this.stderr = `${this.stderr}${chunk.toString('utf8')}`.slice(-4000)),
    );
    const fail = (error: Error) => {
      this.dead = error;
      for (const waiting of this.pending.splice(0)) waiting.reject(error);
    };
    this.child.on('error', fail);
    this.child.on('close', (code) =>
      fail(new Error(`The Python driver exited with ${code}: ${this.stderr}`)),
    );
    this.idle();
  }

  private idle(): void {
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as { unref?: () => void }).unref?.();
  }

  private busy(): void {
    this.child.ref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as { ref?: () => void }).ref?.();
  }

  run(input: DriverInput): Promise<DriverResult[]> {
    if (this.dead) return Promise.reject(this.dead);
    this.busy();
    const line = new Promise<string>((resolve, reject) => this.pending.push({ resolve, reject }));
    this.child.stdin.write(`${JSON.stringify(input)}\n`);
    return line.then((text) => (JSON.parse(text) as { results: DriverResult[] }).results);
  }

  close(): void {
    this.child.stdin.end();
    this.child.kill();
  }
}

const sessions = new Map<string, DriverSession>();

/** Runs `input` on a kept driver process for `sdkDir` (started on first use). */
export function runPythonDriverKept(
  sdkDir: string,
  input: DriverInput,
  python = process.env.PYTHON ?? 'python3',
): Promise<DriverResult[]> {
  let session = sessions.get(sdkDir);
  if (!session || session.dead) {
    session = new DriverSession(sdkDir, python);
    sessions.set(sdkDir, session);
  }
  return session.run(input);
}

/** Ends every kept driver process. */
export function closePythonDrivers(): void {
  for (const session of sessions.values()) session.close();
  sessions.clear();
}

/** A round-trip case, as far as the Python leg reads it (scripts/lib/roundtrip/protocol.ts's `Case`). */
export interface RoundtripCase {
  id: string;
  operationId: string;
  request: {
    path: Record<string, unknown>;
    query: Record<string, unknown>;
    header: Record<string, unknown>;
    cookie: Record<string, unknown>;
    contentType?: string;
    body?: unknown;
    accept?: string;
  };
  /** What the stub answers: the Python SDK's date-times are compared with its strings by instant. */
  response: { body?: unknown; kind?: string };
}

/** scripts/lib/roundtrip/protocol.ts's `DriverResult`. */
export interface RoundtripResult {
  id: string;
  result?: unknown;
  error?: string;
}

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?([Zz]|[+-]\d{2}:?\d{2})$/;

/** An RFC 3339 date-time as microseconds since the epoch (what a Python datetime keeps), or undefined. */
function instant(text: string): number | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const seconds = Date.parse(
    `${match[1]}T${match[2]}${/^[Zz]$/.test(match[4]) ? 'Z' : match[4].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`,
  );
  if (Number.isNaN(seconds)) return undefined;
  return seconds * 1000 + Number((match[3] ?? '').padEnd(6, '0').slice(0, 6));
}

/**
 * The Python SDK returns date-times as `datetime`s and dates as `date`s (the driver writes
 * `{ $datetime }` and `{ $date }`); where the server sent a string for the same instant, that
 * string is what the client returned, and a date is its text. Anything else is left as it is, so a
 * real difference still shows.
 */
export function restoreDateTimes(actual: unknown, sent: unknown): unknown {
  if (actual && typeof actual === 'object' && '$datetime' in actual) {
    const text = (actual as { $datetime: string }).$datetime;
    return typeof sent === 'string' && instant(sent) !== undefined && instant(sent) === instant(text)
      ? sent
      : text;
  }
  if (actual && typeof actual === 'object' && '$date' in actual && Object.keys(actual).length === 1)
    return (actual as { $date: string }).$date;
  if (Array.isArray(actual))
    return actual.map((item, index) => restoreDateTimes(item, Array.isArray(sent) ? sent[index] : undefined));
  if (actual && typeof actual === 'object') {
    const expected = sent && typeof sent === 'object' ? (sent as Record<string, unknown>) : {};
    return Object.fromEntries(
      Object.entries(actual).map(([key, item]) => [key, restoreDateTimes(item, expected[key])]),
    );
  }
  return actual;
}

/**
 * The Python driver of `npm run check:roundtrip`: performs the harness's cases through the Python
 * SDK generated into `outDir/python` (each call carrying `caseHeader: <id>`) and reports each
 * result in the harness's protocol, on one kept driver process per SDK. In
 * scripts/lib/roundtrip/drivers.ts: `run: (cases, context) => runPythonCases(cases, context)`.
 */
export async function runPythonCases(
  cases: RoundtripCase[],
  context: { ir: Ir; outDir: string; baseURL: string },
  caseHeader = 'X-Roundtrip-Case',
): Promise<RoundtripResult[]> {
  const plan = planPython(context.ir);
  const calls = cases.map((testCase) => {
    const { request } = testCase;
    const call = driverCall(plan, {
      id: testCase.id,
      operationId: testCase.operationId,
      path: request.path,
      query: request.query,
      headers: request.header,
      cookies: request.cookie,
      body: request.body,
      contentType: request.contentType,
      accept: request.accept,
      responseKind: testCase.response.kind,
    });
    // An operation with servers of its own goes to them unless the call says otherwise: here, the stubs.
    const ownServer = plan.methods
      .find((method) => method.operation.id === testCase.operationId)
      ?.options.includes('base_url')
      ? { base_url: context.baseURL }
      : {};
    return {
      ...call,
      kwargs: { ...call.kwargs, extra_headers: { [caseHeader]: testCase.id }, ...ownServer },
    };
  });
  const input: DriverInput = {
    package: plan.packageName,
    client: plan.clientClass,
    options: { base_url: context.baseURL, api_key: 'roundtrip-key', max_retries: 0 },
    calls,
  };
  const results = await runPythonDriverKept(path.join(context.outDir, 'python'), input);
  return cases.map((testCase) => {
    const result = results.find((entry) => entry.id === testCase.id);
    if (!result) return { id: testCase.id, error: 'the Python driver reported nothing' };
    if (!result.ok) return { id: testCase.id, error: `${result.error.type}: ${result.error.message}` };
    // Python's None is both "no body" and a JSON null: it is whichever the server sent.
    if (result.value === null || result.value === undefined)
      return { id: testCase.id, ...(testCase.response.body === null ? { result: null } : {}) };
    return { id: testCase.id, result: restoreDateTimes(result.value, testCase.response.body) };
  });
}
