/**
 * The bad-input stage: for every operation, malformed requests of the kinds a fuzzer sends
 * (broken percent-encoding, huge and control-character names and values, deep JSON, wrong media
 * types, repeated parameters, bad UTF-8, malformed HTTP framing), sent as raw bytes over a socket
 * so nothing is normalised on the way. Every answer must be inside the contract: no 5xx, a
 * documented status, a body valid against its schema, the required headers, and at most
 * ECHO_BYTES of any hostile value echoed back.
 */
import net from 'node:net';
import tls from 'node:tls';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import type { SchemaRoot } from '../../../core/values/from-schema.js';
import { notImplemented, ProblemsError, type Problem } from './findings.js';
import { documentedResponse } from './judge.js';
import { recordNotOurs, type WrittenRecord } from './records.js';
import type { Target } from './target.js';
import { missingOffSide } from './validator.js';

/** More than this many consecutive bytes of a hostile value in an answer is an unbounded echo. */
export const ECHO_BYTES = 200;

export interface BadInputResponse {
  /** The response body's schema; `true` where the spec gives the media type without one. */
  schema?: object | boolean | undefined;
  requiredHeaders: string[];
}

export interface BadInputOperation {
  id: string;
  /** JSON pointer of the operation in the spec. */
  pointer?: string | undefined;
  method: string;
  /** The path template, e.g. "/v1/things/{thing_id}". */
  path: string;
  /** Path parameter -> a valid value (the example, or a sample). */
  pathValues: Record<string, string>;
  queryParams: string[];
  headerParams: string[];
  /** A valid body, when the operation takes one. */
  body?: { contentType: string; value: unknown } | undefined;
  /** The Accept header, when its success responses are not JSON (`application/json` otherwise). */
  accept?: string | undefined;
  /** The header its path template's fragment names (AWS's `/#X-Amz-Target=…`): every request carries it. */
  matchHeader?: [string, string] | undefined;
  /** The query parameter its path template picks it by (`?mode=fast`, AWS's `#role_name&…`): every request carries it. */
  matchQuery?: [string, string] | undefined;
  responses: Record<string, BadInputResponse>;
  /** The records a write names by its path values (records.ts); absent for reads. */
  records?: WrittenRecord[] | undefined;
}

export interface BadInputCases {
  sharedSchema: { $id: string } & object;
  operations: BadInputOperation[];
}

/** One hostile request: the bytes to send and the values that must not come back. */
export interface BadRequest {
  name: string;
  /** Request target (path and query), already encoded as it goes on the wire. */
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer | undefined;
  /** Raw bytes to send instead of building the request (malformed framing). */
  raw?: ((head: string) => Buffer) | undefined;
  hostile: string[];
}

const CONTROL = '\u0000\u0001\u001b[31m\u007f';
const longName = `x${CONTROL}${'n'.repeat(3000)}`;
const longValue = `v${'A'.repeat(5000)}`;

function pathWith(operation: BadInputOperation, replace?: { name: string; raw: string }): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    replace?.name === name ? replace.raw : encodeURIComponent(operation.pathValues[name] ?? 'x'),
  );
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

// Built once: the suite derives every operation's requests (for their names), and a large spec has
// thousands of operations; the bytes never change between them.
const megabytePad = 'b'.repeat(1024 * 1024);
const megabyteBody = json({ pad: megabytePad });
const unexpectedPad = 'b'.repeat(100 * 1024);
const unexpectedBody = json({ pad: unexpectedPad });
const deepBody = Buffer.from(`${'['.repeat(5000)}${']'.repeat(5000)}`);
const oversizedHeader = 'p'.repeat(20_000);

/** The hostile requests derived for one operation, in a fixed order (the suite names each). */
export function badRequests(operation: BadInputOperation): BadRequest[] {
  const base = pathWith(operation);
  const body = operation.body;
  const bodyHeaders = (contentType = body?.contentType ?? 'application/json'): Array<[string, string]> => [
    ['content-type', contentType],
  ];
  const out: BadRequest[] = [];
  const add = (
    request: Omit<BadRequest, 'headers' | 'hostile'> & Partial<Pick<BadRequest, 'headers' | 'hostile'>>,
  ) => out.push({ headers: [], hostile: [], ...request });

  for (const name of Object.keys(operation.pathValues)) {
    add({
      name: `path parameter ${name}: broken percent-encoding`,
      target: pathWith(operation, { name, raw: 'ab%zz' }),
    });
    add({
      name: `path parameter ${name}: 5,000 characters`,
      target: pathWith(operation, { name, raw: longValue }),
      hostile: [longValue],
    });
    add({
      name: `path parameter ${name}: control characters`,
      target: pathWith(operation, { name, raw: encodeURIComponent(`a${CONTROL}b`) }),
    });
  }
  add({
    name: 'unknown query parameter with a 3,000-character name and control characters',
    target: `${base}?${encodeURIComponent(longName)}=1`,
    hostile: [longName.slice(CONTROL.length + 1)],
  });
  for (const name of operation.queryParams) {
    const q = encodeURIComponent(name);
    add({
      name: `query parameter ${name}: 5,000 characters`,
      target: `${base}?${q}=${longValue}`,
      hostile: [longValue],
    });
    add({
      name: `query parameter ${name}: control characters`,
      target: `${base}?${q}=${encodeURIComponent(`a${CONTROL}b`)}`,
    });
    add({ name: `query parameter ${name}: repeated`, target: `${base}?${q}=1&${q}=2` });
    add({ name: `query parameter ${name}: broken percent-encoding`, target: `${base}?${q}=ab%zz` });
  }
  for (const name of operation.headerParams) {
    add({
      name: `header ${name}: 5,000 characters`,
      target: base,
      headers: [[name, longValue]],
      hostile: [longValue],
    });
  }
  add({
    name: 'a header over 16 KB',
    target: base,
    headers: [['x-padding', oversizedHeader]],
    hostile: [oversizedHeader],
  });
  add({ name: 'a NUL byte in a header', target: base, headers: [['x-bad', 'a\u0000b']] });
  add({
    name: 'both Content-Length and Transfer-Encoding',
    target: base,
    raw: (head) => Buffer.from(`${head}content-length: 5\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n`),
  });
  if (body) {
    const valid =
      body.value && typeof body.value === 'object' && !Array.isArray(body.value)
        ? (body.value as Record<string, unknown>)
        : {};
    add({
      name: 'body: unknown field with a 3,000-character name and control characters',
      target: base,
      headers: bodyHeaders(),
      body: json({ ...valid, [longName]: 1 }),
      hostile: [longName.slice(CONTROL.length + 1)],
    });
    add({
      name: 'body: 5,000-character string with control characters',
      target: base,
      headers: bodyHeaders(),
      body: json({ ...valid, [Object.keys(valid)[0] ?? 'field']: `${CONTROL}${longValue}` }),
      hostile: [longValue],
    });
    add({
      name: 'body: JSON nested 5,000 levels deep',
      target: base,
      headers: bodyHeaders(),
      body: deepBody,
    });
    add({ name: 'body: not JSON', target: base, headers: bodyHeaders(), body: Buffer.from('{"a":') });
    add({
      name: 'body: empty with a JSON media type',
      target: base,
      headers: bodyHeaders(),
      body: Buffer.alloc(0),
    });
    add({
      name: 'body: invalid UTF-8 in a string',
      target: base,
      headers: bodyHeaders(),
      body: Buffer.concat([
        Buffer.from(JSON.stringify({ ...valid, note: 'XX' }).replace('"XX"', '"a')),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
    });
    add({
      name: 'body: text/plain media type',
      target: base,
      headers: bodyHeaders('text/plain'),
      body: json(valid),
    });
    add({
      name: 'body: application/xml media type',
      target: base,
      headers: bodyHeaders('application/xml'),
      body: Buffer.from('<a/>'),
    });
    add({
      name: 'body: 1 MB',
      target: base,
      headers: bodyHeaders(),
      body: megabyteBody,
      hostile: [megabytePad],
    });
    add({
      name: 'body: a bad chunk size',
      target: base,
      raw: (head) =>
        Buffer.from(
          `${head}content-type: ${body.contentType}\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        ),
    });
  } else {
    add({
      name: 'a body on an operation that takes none',
      target: base,
      headers: bodyHeaders('application/json'),
      body: unexpectedBody,
      hostile: [unexpectedPad],
    });
  }
  return out;
}

export interface RawAnswer {
  status: number;
  headers: Map<string, string>;
  text: string;
}

/**
 * Sends a request as raw bytes (Connection: close) and reads the whole answer. A server that
 * refuses after the headers (413) and closes can do so while the body is still going out; on a
 * busy machine the write then fails before the answer is read. Such a request is sent once more,
 * waiting longer for that answer, as a browser tries a dropped request again.
 */
export function sendRaw(
  baseUrl: string,
  method: string,
  request: BadRequest,
  apiKey: string | undefined,
  timeoutMs = 10_000,
  accept = 'application/json',
): Promise<RawAnswer> {
  return sendRawOnce(baseUrl, method, request, apiKey, timeoutMs, accept, 20).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') throw error;
      return sendRawOnce(baseUrl, method, request, apiKey, timeoutMs, accept, 500);
    },
  );
}

/** One attempt; `pauseMs`: how long the first slice waits for an early answer before the rest of the body follows. */
function sendRawOnce(
  baseUrl: string,
  method: string,
  request: BadRequest,
  apiKey: string | undefined,
  timeoutMs: number,
  accept: string,
  pauseMs: number,
): Promise<RawAnswer> {
  const base = new URL(baseUrl);
  const secure = base.protocol === 'https:';
  const port = Number(base.port || (secure ? 443 : 80));
  const prefix = base.pathname.replace(/\/+$/, '');
  const lines = [
    `${method.toUpperCase()} ${prefix}${request.target} HTTP/1.1`,
    `host: ${base.host}`,
    'connection: close',
    `accept: ${accept}`,
  ];
  if (apiKey) lines.push(`authorization: Bearer ${apiKey}`);
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const head = `${lines.join('\r\n')}\r\n`;
  const bytes = request.raw
    ? request.raw(head)
    : Buffer.concat([
        Buffer.from(
          `${head}${request.body ? `content-length: ${request.body.length}\r\n` : ''}\r\n`,
          'latin1',
        ),
        request.body ?? Buffer.alloc(0),
      ]);
  return new Promise((resolve, reject) => {
    const socket = secure
      ? tls.connect({ host: base.hostname, port, servername: base.hostname })
      : net.connect({ host: base.hostname, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(
      () => socket.destroy(new Error(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const finish = (error?: Error) => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      // The server may answer and close before reading all we send: the answer still counts.
      if (data.length > 0) resolve(parseAnswer(data));
      else reject(error ?? new Error('the connection closed without an answer'));
    };
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', finish);
    socket.on('close', () => finish());
    // Sent in slices, stopping once an answer has begun: a server may refuse after the headers
    // (413) and close, and writing on into the closed connection resets it before its answer is read.
    const SLICE = 16 * 1024;
    const send = (offset: number): void => {
      if (chunks.length > 0 || socket.destroyed) return void socket.end();
      // Sent whole: the server closes once it has answered (connection: close). Half-closing here
      // would lose the answer of a handler that awaits: Node's servers end such a connection.
      if (offset >= bytes.length) return;
      const slice = bytes.subarray(offset, offset + SLICE);
      const next = () => setTimeout(() => send(offset + slice.length), offset === 0 ? pauseMs : 0);
      if (socket.write(slice)) next();
      else socket.once('drain', next);
    };
    socket.once('connect', () => send(0));
  });
}

function parseAnswer(data: Buffer): RawAnswer {
  const split = data.indexOf('\r\n\r\n');
  const head = data.subarray(0, split < 0 ? data.length : split).toString('latin1');
  let body = split < 0 ? Buffer.alloc(0) : data.subarray(split + 4);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = new Map(
    lines.map((line) => [
      line.slice(0, line.indexOf(':')).trim().toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  if (headers.get('transfer-encoding')?.includes('chunked')) {
    const parts: Buffer[] = [];
    for (let offset = 0; offset < body.length;) {
      const end = body.indexOf('\r\n', offset);
      const size = Number.parseInt(body.subarray(offset, end).toString('latin1'), 16);
      if (!size) break;
      parts.push(body.subarray(end + 2, end + 2 + size));
      offset = end + 2 + size + 2;
    }
    body = Buffer.concat(parts);
  }
  return { status: Number(statusLine.split(' ')[1]), headers, text: body.toString('utf8') };
}

/**
 * The longest run of `value` found in `text`, to the nearest step (enough to tell 40 from 200).
 * Each distinct run is looked for once: the 1 MB pad is one letter over and over, and looking for
 * its 100,000 equal runs one by one in a large answer took 50 s (AWS Personalize's canned lists).
 */
export function echoedLength(text: string, value: string): number {
  if (value.length === 0) return 0;
  const step = 10;
  let longest = 0;
  for (let length = step; length <= Math.min(value.length, text.length) + step; length += step) {
    let found = false;
    const tried = new Set<string>();
    for (let start = 0; start + length <= value.length && !found; start += step) {
      const run = value.slice(start, start + length);
      if (tried.has(run)) continue;
      tried.add(run);
      found = text.includes(run);
    }
    if (!found) break;
    longest = length;
  }
  return longest;
}

const addFormats = ((formatsModule as unknown as { default?: typeof formatsModule }).default ??
  formatsModule) as unknown as (ajv: Ajv2020) => Ajv2020;

/**
 * Refusals the hostile requests provoke on purpose (a media type not taken, an Accept not served, a
 * body, target or header block too large): a server that says so with the protocol's status is
 * right, and a spec that does not document that status has the gap.
 */
const PROTOCOL_REFUSALS = new Set([406, 413, 414, 415, 431]);
/** Statuses that document a refusal of malformed input (a 400 without them is the spec's gap). */
const VALIDATION_REFUSALS = ['400', '422', '4XX', 'default'];

/** Whether a hostile request sets the header or query parameter its operation's template is picked by. */
function changesMatch(operation: BadInputOperation, request: BadRequest): boolean {
  const name = operation.matchHeader?.[0].toLowerCase();
  if (name !== undefined && request.headers.some(([header]) => header.toLowerCase() === name)) return true;
  return operation.matchQuery !== undefined && carriesQuery(request.target, operation.matchQuery[0]);
}

/** Whether a request target's query names the parameter (as sent: encoded). */
function carriesQuery(target: string, name: string): boolean {
  const query = target.split('?')[1];
  return (
    query !== undefined && query.split('&').some((pair) => pair.split('=')[0] === encodeURIComponent(name))
  );
}

/** The request with what picks its operation (the template's header or query pair) added, unless it sets that itself. */
function withMatch(operation: BadInputOperation, request: BadRequest): BadRequest {
  if (changesMatch(operation, request)) return request;
  let out = request;
  if (operation.matchHeader) out = { ...out, headers: [operation.matchHeader, ...out.headers] };
  if (operation.matchQuery) {
    const [name, value] = operation.matchQuery;
    const pair = `${encodeURIComponent(name)}=${encodeURIComponent(value)}`;
    out = { ...out, target: `${out.target}${out.target.includes('?') ? '&' : '?'}${pair}` };
  }
  return out;
}

/**
 * Whose finding an answer outside the contract is. An undocumented 4xx (every problem being the
 * status alone) is the spec's gap when the operation documents no refusal at all, when it is a
 * protocol refusal (PROTOCOL_REFUSALS), or when it is a 400 and the operation documents no way to
 * refuse malformed input (VALIDATION_REFUSALS); so is a success where the operation documents
 * none; everything else is the target's.
 */
export function findingOf(
  operation: BadInputOperation,
  request: BadRequest,
  answer: RawAnswer,
  problems: string[],
): Problem {
  const id = operation.id;
  const statuses = Object.keys(operation.responses);
  const documentsRefusal = statuses.some((status) => /^4/.test(status) || status === 'default');
  const documentsValidation = VALIDATION_REFUSALS.some((status) => statuses.includes(status));
  const message = `${id}, ${request.name}:\n  ${problems.join('\n  ')}\n  answer: ${answer.status} ${answer.text.slice(0, 300)}`;
  const statusOnly = problems.every((problem) => problem.startsWith('status '));
  // The spec's gap, found on its operation's responses.
  const specFinding = (fix: string, key: string): Problem => ({
    class: 'spec',
    check: 'bad_input',
    message,
    operation: id,
    pointer: `${operation.pointer ?? ''}/responses`,
    fix,
    key,
  });
  const specGap =
    answer.status >= 400 &&
    answer.status < 500 &&
    statusOnly &&
    (!documentsRefusal ||
      PROTOCOL_REFUSALS.has(answer.status) ||
      (answer.status === 400 && !documentsValidation) ||
      // A hostile value in the header that picks the operation (AWS's X-Amz-Target) names none: 404.
      (answer.status === 404 && changesMatch(operation, request)));
  if (specGap)
    return specFinding(
      `Document a ${answer.status} response (with its error schema) for ${id}: it is how a server refuses malformed requests.`,
      `spec|undocumented-refusal|${id}|${answer.status}`,
    );
  // An operation that documents no success (bigoven's, taggun's): a request a server accepts has no
  // answer inside the contract, so a success to a hostile one it tolerates is the spec's gap.
  const documentsSuccess = statuses.some((status) => /^2/.test(status) || status === 'default');
  if (answer.status >= 200 && answer.status < 300 && !documentsSuccess && statusOnly)
    return specFinding(
      `Document the success response of ${id}: it documents none, so no answer to a request it accepts is inside the contract.`,
      `spec|undocumented-success|${id}`,
    );
  return {
    class: 'target',
    check: answer.status >= 500 ? 'not_a_server_error' : 'bad_input',
    message,
    operation: id,
    ...(operation.pointer ? { pointer: operation.pointer } : {}),
    fix: `${id} must answer malformed input inside the contract: a documented 4xx in the error format, never a 5xx, echoing at most ${ECHO_BYTES} characters of the input.`,
    key: `target|bad_input|${id}|${request.name}`,
  };
}

export class BadInputChecks {
  private readonly ajv: Ajv2020;
  private readonly compiled = new WeakMap<object, ValidateFunction>();

  constructor(readonly cases: BadInputCases) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true });
    addFormats(this.ajv);
    this.ajv.addKeyword({ keyword: 'example' });
    this.ajv.addKeyword({ keyword: 'discriminator' });
    this.ajv.addSchema(cases.sharedSchema);
  }

  /** A response schema's validator, made once; a boolean schema (`true` for any body) is not a WeakMap key. */
  private validatorOf(schema: object | boolean): ValidateFunction {
    if (typeof schema === 'boolean') return this.ajv.compile(schema);
    let validate = this.compiled.get(schema);
    if (!validate) this.compiled.set(schema, (validate = this.ajv.compile(schema)));
    return validate;
  }

  /**
   * Why no hostile request of an operation is sent to `target`: it writes to a record the
   * examples name, which this stage never makes and the target may hold (records.ts); or undefined.
   */
  async recordNotOurs(target: Target, apiKey: string | undefined, id: string): Promise<string | undefined> {
    const operation = this.operation(id);
    if (!operation.records) return undefined;
    return recordNotOurs({
      target,
      method: operation.method,
      records: operation.records,
      examples: operation.pathValues,
      made: () => false,
      // The key goes as the hostile requests send it (sendRaw).
      get: async (probe) => {
        const response = await fetch(`${target.baseUrl}${probe.path}`, {
          headers: { accept: 'application/json', ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) },
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await response.body?.cancel();
        return response.status;
      },
    });
  }

  operation(id: string): BadInputOperation {
    const found = this.cases.operations.find((operation) => operation.id === id);
    if (!found) throw new Error(`no bad-input case for operation ${id}`);
    return found;
  }

  /** Sends the index-th hostile request of an operation; throws with every way the answer leaves the contract. */
  async check(baseUrl: string, apiKey: string | undefined, id: string, index: number): Promise<void> {
    const operation = this.operation(id);
    const derived = badRequests(operation)[index]!;
    // Without the header or query pair its template names, no operation is the target: every answer would be "no route".
    const request = withMatch(operation, derived);
    let answer: RawAnswer;
    try {
      answer = await sendRaw(baseUrl, operation.method, request, apiKey, undefined, operation.accept);
    } catch (error) {
      // The target closed the connection, or never finished answering: no answer is not inside the contract.
      throw new ProblemsError([
        {
          class: 'target',
          check: 'not_a_server_error',
          message: `${id}, ${request.name}: no answer: ${(error as Error).message}`,
          operation: id,
          ...(operation.pointer ? { pointer: operation.pointer } : {}),
          fix: `${id} must answer malformed input with a documented 4xx, never drop the connection.`,
          key: `target|bad_input|${id}|${request.name}`,
        },
      ]);
    }
    if (answer.status === 501 && !documentedResponse(operation, 501))
      throw new ProblemsError([notImplemented({ mock: false }, operation, answer.text)]);
    const problems = this.problems(operation, request, answer);
    if (problems.length) throw new ProblemsError([findingOf(operation, request, answer, problems)]);
  }

  problems(operation: BadInputOperation, request: BadRequest, answer: RawAnswer): string[] {
    const problems: string[] = [];
    if (!(answer.status >= 100 && answer.status < 600)) return [`no HTTP status in the answer`];
    if (answer.status >= 500) problems.push(`answered ${answer.status}: a server error for bad input`);
    const documented = documentedResponse(operation, answer.status);
    if (!documented) {
      problems.push(
        `status ${answer.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`,
      );
    } else {
      // An answer to HEAD carries no content (RFC 9110 §9.3.2): its documented schema is the GET's.
      if (documented.schema && operation.method.toUpperCase() !== 'HEAD') {
        let body: unknown;
        try {
          body = JSON.parse(answer.text);
        } catch {
          problems.push('the body is not JSON');
        }
        const validate = this.validatorOf(documented.schema);
        const schema = documented.schema;
        if (body !== undefined && !validate(body))
          problems.push(
            ...(validate.errors ?? [])
              // A required writeOnly property is not in an answer (OpenAPI 3.x).
              .filter(
                (error) =>
                  typeof schema !== 'object' ||
                  !missingOffSide(this.ajv, this.cases.sharedSchema as SchemaRoot, schema, error, 'response'),
              )
              .map((error) => `body ${error.instancePath || '/'} ${error.message}`),
          );
      }
      for (const header of documented.requiredHeaders)
        if (!answer.headers.has(header.toLowerCase())) problems.push(`required header ${header} is missing`);
    }
    for (const value of request.hostile) {
      const echoed = echoedLength(answer.text, value);
      if (echoed > ECHO_BYTES)
        problems.push(`echoes ${echoed}+ characters of the input (at most ${ECHO_BYTES})`);
    }
    return problems;
  }
}
