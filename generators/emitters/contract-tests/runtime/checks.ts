/**
 * The contract checks, one function per kind, each throwing with every problem it found.
 * Generated suites call them per operation; whether a check applies to a target (stateful,
 * semantic, keys given) is decided by `applies`, so an inapplicable check is reported as skipped
 * under its own name, never passed silently.
 */
import { randomUUID } from 'node:crypto';
import type { Cases, OperationCase } from './cases.js';
import { clientErrorProblems, positiveRequest, responseProblems, send, SpecValidator, walk, type Target } from './harness.js';

export type ClientCall = (client: unknown, pathArgs: string[], params: Record<string, unknown> | undefined) => PromiseLike<unknown>;

function fail(problems: string[]): void {
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

export class ContractChecks {
  private readonly validator: SpecValidator;

  constructor(
    readonly cases: Cases,
    readonly target: Target,
    private readonly generatedClient?: { create: (target: Target) => unknown; calls: Record<string, ClientCall> },
  ) {
    this.validator = new SpecValidator(cases);
  }

  operation(id: string): OperationCase {
    const found = this.cases.operations.find((operation) => operation.id === id);
    if (!found) throw new Error(`no case for operation ${id}`);
    return found;
  }

  /** Why a check does not apply to this target, or undefined when it does. */
  notApplicable(kind: 'stateful' | 'semantic' | 'scoped-keys' | 'revoked-key' | 'auth', operation?: OperationCase): string | undefined {
    if (kind === 'stateful' && !this.target.stateful) return 'the target keeps no state';
    if (kind === 'semantic' && !this.target.semantic) return 'the target checks schemas only';
    if (kind === 'auth' && !this.target.stateful) return 'the target ignores authentication';
    if (kind === 'revoked-key' && (!this.target.revokedKey || !this.target.stateful)) return 'no revoked key given (CONTRACT_REVOKED_KEY)';
    if (kind === 'scoped-keys' && (!operation || !this.keyLacking(operation))) return 'no key lacking this operation’s scope given (CONTRACT_KEYS)';
    return undefined;
  }

  private keyLacking(operation: OperationCase): string | undefined {
    if (operation.scopes.length === 0) return undefined;
    return this.target.keys.find((candidate) => operation.scopes.some((scope) => !candidate.scopes.includes(scope)))?.key;
  }

  /** The digest the target reports (any response's header) must be the one these suites came from. */
  async specDigest(): Promise<void> {
    const header = this.cases.specDigestHeader!;
    const probe = this.cases.operations.find((operation) => operation.isPublic && operation.method === 'get' && operation.pathParams.length === 0) ?? this.cases.operations[0];
    const sent = await send(this.target, await positiveRequest(this.target, this.cases, probe));
    const reported = sent.headers.get(header);
    if (reported === null) {
      if (this.target.stateful) throw new Error(`${probe.id}: the target reports no ${header}; cannot tell which spec it was built from`);
      return; // the mock serves examples and names no digest
    }
    if (reported !== this.cases.specDigest) {
      throw new Error(`spec digest mismatch: the target was built from ${reported}, these contract suites from ${this.cases.specDigest}. Regenerate and redeploy one of them.`);
    }
  }

  examples(): void {
    fail(this.cases.examples.flatMap((example) => this.validator.violations(example.schema, example.value).map((violation) => `example at ${example.where}: ${violation}`)));
  }

  async positive(id: string): Promise<void> {
    const operation = this.operation(id);
    const sent = await send(this.target, await positiveRequest(this.target, this.cases, operation));
    const problems = responseProblems(this.validator, operation, sent);
    if (sent.status >= 300) problems.unshift(`${operation.id}: expected success, got ${sent.status}: ${sent.text.slice(0, 300)}`);
    fail(problems);
  }

  async negative(id: string, index: number): Promise<void> {
    const operation = this.operation(id);
    const negative = operation.negative[index];
    const request = await positiveRequest(this.target, this.cases, operation);
    if (negative.in === 'body') request.body = negative.body;
    else {
      const query = { ...request.query };
      for (const [name, value] of Object.entries(negative.query ?? {})) {
        if (value === null) delete query[name];
        else query[name] = value;
      }
      request.query = query;
    }
    fail(clientErrorProblems(this.validator, operation, await send(this.target, request)).map((problem) => `${negative.name}: ${problem}`));
  }

  /** An ID that was never issued gets the documented 404. */
  async unknownId(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await positiveRequest(this.target, this.cases, operation);
    const last = operation.pathParams.at(-1)!;
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === last.name ? `never_issued_${randomUUID().replace(/-/g, '')}` : encodeURIComponent(request.path.split('/')[operation.path.split('/').indexOf(`{${name}}`)] ?? '')));
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, path }), 404));
  }

  async noKey(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await positiveRequest(this.target, this.cases, operation);
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, key: null }), 401));
  }

  async insufficientScope(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await positiveRequest(this.target, this.cases, operation);
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, key: this.keyLacking(operation) }), 403));
  }

  async revokedKey(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await positiveRequest(this.target, this.cases, operation);
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, key: this.target.revokedKey }), 401));
  }

  /** Pages do not overlap; forward then backward gives the same items; the envelope's ends are right. */
  async paging(id: string): Promise<void> {
    const operation = this.operation(id);
    const paging = operation.pagination!;
    const request = await positiveRequest(this.target, this.cases, operation);
    // Make sure there is more than one page: create items with the list's producer (the POST on the same path).
    const producer = this.cases.operations.find((candidate) => candidate.method === 'post' && candidate.path === operation.path);
    if (producer) {
      for (let i = 0; i < 5; i += 1) {
        const created = await send(this.target, { ...(await positiveRequest(this.target, this.cases, producer)), path: request.path });
        if (created.status >= 300) throw new Error(`${operation.id}: could not seed the list with ${producer.id}: ${created.status} ${created.text.slice(0, 200)}`);
      }
    }
    const forward = await walk(this.target, operation, request, 'forward');
    const problems: string[] = [];
    const ids = (page: Record<string, unknown>) => (page[paging.dataField] as Array<Record<string, unknown>>).map((item) => JSON.stringify(item.id ?? item));
    const all = forward.flatMap(ids);
    if (new Set(all).size !== all.length) problems.push(`${operation.id}: pages overlap: ${all.join(', ')}`);
    if (forward.length < 2 && producer) problems.push(`${operation.id}: expected more than one page of 2 after seeding 5 items`);
    if (paging.previousCursorField && forward[0][paging.previousCursorField] !== null) problems.push(`${operation.id}: the first page has a non-null ${paging.previousCursorField}`);
    const last = forward.at(-1)!;
    if (last[paging.nextCursorField] !== null) problems.push(`${operation.id}: ${paging.hasMoreField} is false but ${paging.nextCursorField} is ${JSON.stringify(last[paging.nextCursorField])}`);
    if (paging.backwardParam && paging.previousCursorField && forward.length > 1) {
      const backward = await walk(this.target, operation, request, 'backward', String(last[paging.previousCursorField]));
      const back = [...backward.reverse().flatMap(ids), ...ids(last)];
      if (JSON.stringify(back) !== JSON.stringify(all)) problems.push(`${operation.id}: walking back gives ${back.join(', ')}, walking forward gave ${all.join(', ')}`);
    }
    fail(problems);
  }

  /** Replaying a create with the same idempotency key returns the same resource. */
  async idempotency(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await positiveRequest(this.target, this.cases, operation);
    const headers = { ...request.headers, [operation.idempotencyHeader!]: `contract-${randomUUID()}` };
    const first = await send(this.target, { ...request, headers });
    const second = await send(this.target, { ...request, headers });
    const idOf = (sent: { body: unknown }) => (sent.body as Record<string, unknown> | undefined)?.id;
    const problems = [...responseProblems(this.validator, operation, first), ...responseProblems(this.validator, operation, second)];
    if (first.status >= 300) problems.push(`${operation.id}: the first request failed: ${first.status}`);
    if (idOf(first) === undefined || idOf(first) !== idOf(second)) problems.push(`${operation.id}: a replay with the same ${operation.idempotencyHeader} gave ${String(idOf(second))}, the first gave ${String(idOf(first))}`);
    fail(problems);
  }

  /** The positive case again, through the generated client. */
  async client(id: string): Promise<void> {
    if (!this.generatedClient) throw new Error('no generated client was given to the contract suite');
    const operation = this.operation(id);
    const request = await positiveRequest(this.target, this.cases, operation);
    const pathArgs = [...request.path.matchAll(/[^/]+/g)].map((match) => decodeURIComponent(match[0]));
    const template = operation.path.split('/').filter(Boolean);
    const args = template.map((segment, index) => (segment.startsWith('{') ? pathArgs[index] : undefined)).filter((value): value is string => value !== undefined);
    const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => name !== operation.idempotencyHeader));
    const params = { ...(request.query ?? {}), ...headers, ...(request.body && typeof request.body === 'object' && !Array.isArray(request.body) ? (request.body as object) : request.body !== undefined ? { body: request.body } : {}) };
    const call = this.generatedClient.calls[operation.id];
    const result = await call(this.generatedClient.create(this.target), args, Object.keys(params).length ? params : undefined);
    const success = Object.keys(operation.responses).find((status) => status.startsWith('2'));
    const schema = success ? operation.responses[success].schema : undefined;
    const value = result && typeof result === 'object' && 'body' in (result as object) && 'data' in (result as object) ? (result as { body: unknown }).body : result;
    fail(schema ? this.validator.violations(schema, value).map((violation) => `${operation.id} via the client: ${violation}`) : []);
  }
}
