/**
 * The contract checks, one function per kind, each throwing with every problem it found.
 * Generated suites call them per operation; whether a check applies to a target (stateful,
 * semantic, keys given) is decided by `applies`, so an inapplicable check is reported as skipped
 * under its own name, never passed silently.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Cases, OperationCase } from './cases.js';
import { CreatedRegistry } from './cleanup.js';
import { clientErrorProblems, positiveRequest, responseProblems, send, SpecValidator, walk, type RequestSpec, type Target } from './harness.js';
import { propertyCheck, runsFromEnv, seedFromEnv } from './properties.js';
import { lifecycle, stateMachine, type SuiteContext } from './stateful.js';
import { PacedTransport } from './transport.js';

export type ClientCall = (client: unknown, pathArgs: string[], params: Record<string, unknown> | undefined) => PromiseLike<unknown>;

function fail(problems: string[]): void {
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** The metadata key under which the suites tag what they create. */
export const RUN_TAG = 'contract_run';

export class ContractChecks implements SuiteContext {
  readonly validator: SpecValidator;
  readonly registry: CreatedRegistry;
  /** This run's tag value (CONTRACT_RUN_ID, or a random one). */
  readonly runId: string;

  constructor(
    readonly cases: Cases,
    readonly target: Target,
    private readonly generatedClient?: { create: (target: Target) => unknown; calls: Record<string, ClientCall> },
    env: Record<string, string | undefined> = process.env,
  ) {
    this.validator = new SpecValidator(cases);
    target.transport ??= new PacedTransport(cases.rateLimitHeaders, { timeScale: Number(env.CONTRACT_TIME_SCALE ?? 1) });
    this.registry = new CreatedRegistry(cases, target);
    // A stateless target (the mock) creates nothing to clean up.
    if (target.stateful) target.transport.observe(this.registry.observe);
    this.runId = env.CONTRACT_RUN_ID ?? `run_${randomBytes(6).toString('hex')}`;
  }

  /** Adds this run's tag to a create's body when its schema has room for it; otherwise sends the body as it is. */
  readonly tag = (operation: OperationCase, body: unknown): unknown => {
    if (!operation.tag || !body || typeof body !== 'object' || Array.isArray(body)) return body;
    const existing = { ...(((body as Record<string, unknown>)[operation.tag.field] as Record<string, unknown> | undefined) ?? {}) };
    const keys = Object.keys(existing);
    if (operation.tag.maxProperties !== undefined && keys.length >= operation.tag.maxProperties) delete existing[keys.at(-1)!];
    return { ...(body as object), [operation.tag.field]: { ...existing, [RUN_TAG]: this.runId } };
  };

  /** The operation's positive request: fresh path IDs on a stateful target, created bodies tagged. */
  request(operation: OperationCase): Promise<RequestSpec> {
    return positiveRequest(this.target, this.cases, operation, { prepare: this.tag });
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
    const sent = await send(this.target, await this.request(probe));
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
    const sent = await send(this.target, await this.request(operation));
    const problems = responseProblems(this.validator, operation, sent);
    if (sent.status >= 300) problems.unshift(`${operation.id}: expected success, got ${sent.status}: ${sent.text.slice(0, 300)}`);
    fail(problems);
  }

  async negative(id: string, index: number): Promise<void> {
    const operation = this.operation(id);
    const negative = operation.negative[index];
    const request = await this.request(operation);
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
    const request = await this.request(operation);
    const last = operation.pathParams.at(-1)!;
    const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => (name === last.name ? `never_issued_${randomUUID().replace(/-/g, '')}` : encodeURIComponent(request.path.split('/')[operation.path.split('/').indexOf(`{${name}}`)] ?? '')));
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, path }), 404));
  }

  async noKey(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await this.request(operation);
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, key: null }), 401));
  }

  async insufficientScope(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await this.request(operation);
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, key: this.keyLacking(operation) }), 403));
  }

  async revokedKey(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await this.request(operation);
    fail(clientErrorProblems(this.validator, operation, await send(this.target, { ...request, key: this.target.revokedKey }), 401));
  }

  /**
   * Paging completeness over items the suite created: walking every page forward (small pages)
   * yields exactly the items of one maximal page, no duplicates, no gaps, and walking back gives
   * them again. A list under a parent the suite made holds only its items and is walked to its
   * end; a top-level list is walked until every created item was seen (no page cap either way).
   */
  async paging(id: string): Promise<void> {
    const operation = this.operation(id);
    const paging = operation.pagination!;
    const request = await this.request(operation);
    const isolated = operation.pathParams.some((param) => param.producer);
    const producer = this.cases.operations.find((candidate) => candidate.method === 'post' && candidate.path === operation.path);
    const created: string[] = [];
    if (producer) {
      for (let i = 0; i < 5; i += 1) {
        const sent = await send(this.target, { ...(await this.request(producer)), path: request.path });
        const createdId = (sent.body as Record<string, unknown> | undefined)?.id;
        if (sent.status >= 300) throw new Error(`${operation.id}: could not fill the list with ${producer.id}: ${sent.status} ${sent.text.slice(0, 200)}`);
        if (createdId !== undefined) created.push(JSON.stringify(createdId));
      }
    }
    const ids = (page: Record<string, unknown>) => ((page[paging.dataField] as Array<Record<string, unknown>>) ?? []).map((item) => JSON.stringify(item.id ?? item));
    const small = Math.max(2, paging.limit?.minimum ?? 1);
    const maximal = await send(this.target, { ...request, query: { ...request.query, ...(paging.limitParam && paging.limit?.maximum ? { [paging.limitParam]: paging.limit.maximum } : {}) } });
    if (maximal.status !== 200) throw new Error(`${operation.id}: the maximal page answered ${maximal.status}: ${maximal.text.slice(0, 200)}`);
    const whole = ids(maximal.body as Record<string, unknown>);
    const forward = await walk(this.target, operation, request, 'forward', {
      limit: small,
      enough: isolated || created.length === 0 ? undefined : (pages) => created.every((item) => pages.some((page) => ids(page).includes(item))),
    });
    const walked = forward.flatMap(ids);
    const problems: string[] = [];
    forward.forEach((page, index) => {
      const size = ids(page).length;
      if (size > small) problems.push(`${operation.id}: page ${index + 1} of a ${paging.limitParam ?? 'limit'}=${small} walk holds ${size} items`);
      else if (size < small && page[paging.hasMoreField] === true) problems.push(`${operation.id}: page ${index + 1} of a ${paging.limitParam ?? 'limit'}=${small} walk holds ${size} items, yet ${paging.hasMoreField} is true`);
    });
    const duplicates = walked.filter((item, index) => walked.indexOf(item) !== index);
    if (duplicates.length) problems.push(`${operation.id}: walking forward returns ${duplicates.join(', ')} twice (pages of ${small})`);
    for (const item of created) if (!walked.includes(item)) problems.push(`${operation.id}: walking forward (pages of ${small}) never returns ${item}, which the suite created`);
    // The maximal page up to the last created item it holds: the forward walk must hold exactly that run of items, in that order.
    const lastCreated = Math.max(-1, ...created.map((item) => whole.indexOf(item)));
    const span = isolated && (maximal.body as Record<string, unknown>)[paging.hasMoreField] === false ? whole : whole.slice(0, lastCreated + 1);
    const walkedSpan = walked.filter((item) => span.includes(item));
    for (const item of span) if (!walked.includes(item)) problems.push(`${operation.id}: walking forward (pages of ${small}) skips ${item}, which one page of ${paging.limit?.maximum ?? 'the default size'} holds`);
    if (problems.length === 0 && JSON.stringify(walkedSpan) !== JSON.stringify(span)) problems.push(`${operation.id}: walking forward gives ${walkedSpan.join(', ')}; one maximal page gives ${span.join(', ')}`);
    if (isolated && created.length && walked.length !== created.length) problems.push(`${operation.id}: a list holding only the ${created.length} items the suite created walks to ${walked.length} items`);
    if (forward.length < 2 && created.length > small) problems.push(`${operation.id}: expected more than one page of ${small} after creating ${created.length} items`);
    if (paging.previousCursorField && forward[0][paging.previousCursorField] !== null) problems.push(`${operation.id}: the first page has a non-null ${paging.previousCursorField}`);
    const last = forward.at(-1)!;
    if (last[paging.hasMoreField] === false && last[paging.nextCursorField] !== null) problems.push(`${operation.id}: ${paging.hasMoreField} is false but ${paging.nextCursorField} is ${JSON.stringify(last[paging.nextCursorField])}`);
    if (paging.backwardParam && paging.previousCursorField && forward.length > 1) {
      const backward = await walk(this.target, operation, request, 'backward', { limit: small, start: String(last[paging.previousCursorField]) });
      const back = [...backward.reverse().flatMap(ids), ...ids(last)];
      if (JSON.stringify(back) !== JSON.stringify(walked)) problems.push(`${operation.id}: walking back gives ${back.join(', ')}; walking forward gave ${walked.join(', ')}`);
    }
    fail(problems);
  }

  /** The property-based stage for one operation (CONTRACT_RUNS generated requests, CONTRACT_SEED). */
  async property(id: string): Promise<void> {
    await propertyCheck(this, id, { runs: runsFromEnv(), seed: seedFromEnv(), tag: this.tag });
  }

  /** A resource's life, from the links of the operation that creates it. */
  async lifecycle(createId: string): Promise<void> {
    fail(await lifecycle(this, createId));
  }

  /** The transitions of an x-state-machine. */
  async stateMachine(schema: string): Promise<void> {
    fail(await stateMachine(this, schema));
  }

  /** Deletes what this run created (after failures too); throws when a delete fails. */
  async cleanup(): Promise<string> {
    const report = await this.registry.cleanup(this);
    const stats = this.target.transport?.stats;
    const summary = `cleanup: deleted ${report.deleted}, already gone ${report.alreadyGone}, removed with their parent or kept ${report.withoutDelete}; ${stats?.requests ?? 0} requests, ${stats?.retriedAfter429 ?? 0} repeated after 429, ${((stats?.waitedMs ?? 0) / 1000).toFixed(1)} s waited for rate limits`;
    if (report.failures.length) throw new Error(`${summary}\ncould not delete:\n  ${report.failures.join('\n  ')}`);
    return summary;
  }

  /** Replaying a create with the same idempotency key returns the same resource. */
  async idempotency(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await this.request(operation);
    const headers = { ...request.headers, [operation.idempotencyHeader!]: `contract-${randomUUID()}` };
    const first = await send(this.target, { ...request, headers });
    const second = await send(this.target, { ...request, headers });
    const idOf = (sent: { body: unknown }) => (sent.body as Record<string, unknown> | undefined)?.id;
    const problems = [...responseProblems(this.validator, operation, first), ...responseProblems(this.validator, operation, second)];
    if (first.status >= 300) problems.push(`${operation.id}: the first request failed: ${first.status}`);
    if (idOf(first) === undefined || idOf(first) !== idOf(second)) problems.push(`${operation.id}: a replay with the same ${operation.idempotencyHeader} gave ${String(idOf(second))}, the first gave ${String(idOf(first))}`);
    // The same key with another body is a conflict, never a second create nor a replay of the first.
    if (operation.responses['409'] && operation.tag && request.body && typeof request.body === 'object') {
      const tagged = request.body as Record<string, Record<string, unknown>>;
      const other = { ...tagged, [operation.tag.field]: { ...tagged[operation.tag.field], [RUN_TAG]: `${this.runId}_other` } };
      const third = await send(this.target, { ...request, headers, body: other });
      if (third.status !== 409) problems.push(`${operation.id}: the same ${operation.idempotencyHeader} with a different body got ${third.status}, expected 409: ${third.text.slice(0, 200)}`);
      else problems.push(...responseProblems(this.validator, operation, third));
    }
    fail(problems);
  }

  /** The positive case again, through the generated client. */
  async client(id: string): Promise<void> {
    if (!this.generatedClient) throw new Error('no generated client was given to the contract suite');
    const operation = this.operation(id);
    const request = await this.request(operation);
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
