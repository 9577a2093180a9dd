/**
 * The contract checks, one method per kind, each throwing a ProblemsError with every problem it
 * found (classed by the Judge). Generated suites call them per operation, path or resource; whether
 * a check applies to a target (stateful, keys given) is decided by `notApplicable`, so an
 * inapplicable check is reported as skipped under its own name, never passed silently. The larger
 * kinds live in their own modules: HTTP semantics and credentials (http-checks.ts), tenancy and
 * object lifetime (isolation.ts), refused creates (leakage.ts), idempotency keys (idempotency.ts),
 * deterministic coverage (coverage.ts), sequences (stateful.ts), the generated client
 * (client-check.ts); requests are checked before they are sent (valid-request.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { arbitraryFrom } from './arbitraries.js';
import type { Cases, OperationCase } from './cases.js';
import { CreatedRegistry } from './cleanup.js';
import { clientProblems, type GeneratedClient } from './client-check.js';
import { coverage } from './coverage.js';
import { curlLine } from './curl.js';
import { against, fail, ProblemsError, type Problem } from './findings.js';
import { positiveRequest, send } from './harness.js';
import { credentials, missingHeaders, options, unsupportedMethods } from './http-checks.js';
import { concurrency, idempotency } from './idempotency.js';
import { afterDelete, crossTenant } from './isolation.js';
import { Judge, type Expectation } from './judge.js';
import { leakage } from './leakage.js';
import { paging } from './paging.js';
import { propertyCheck, runsFromEnv, seedFromEnv } from './properties.js';
import { recordNotOurs } from './records.js';
import { judgeRateLimited } from './rate-limited.js';
import type { RequestSpec, Sent } from './request.js';
import { lifecycle, stateMachine } from './stateful.js';
import { RUN_TAG, type SuiteContext } from './suite-context.js';
import type { Target } from './target.js';
import { PacedTransport } from './transport.js';
import { validRequest } from './valid-request.js';
import { SchemaError, SpecValidator } from './validator.js';

export class ContractChecks implements SuiteContext {
  readonly validator: SpecValidator;
  readonly registry: CreatedRegistry;
  readonly judge: Judge;
  /** This run's tag value (CONTRACT_RUN_ID, or a random one). */
  readonly runId: string;
  /** The ordinal of generated stand-ins for invalid examples, so each is drawn from its own seed. */
  private substitutes = 0;

  constructor(
    readonly cases: Cases,
    readonly target: Target,
    private readonly generatedClient?: GeneratedClient,
    env: Record<string, string | undefined> = process.env,
  ) {
    this.validator = new SpecValidator(cases);
    this.judge = new Judge({ cases, target, validator: this.validator });
    target.transport ??= new PacedTransport(cases.rateLimitHeaders, {
      timeScale: Number(env.CONTRACT_TIME_SCALE ?? 1),
    });
    this.registry = new CreatedRegistry(cases, target);
    // A stateless target (the mock) creates nothing to clean up.
    if (target.stateful) target.transport.observe(this.registry.observe);
    target.transport.observeRateLimited((answer) => judgeRateLimited(this, answer));
    this.runId = env.CONTRACT_RUN_ID ?? `run_${randomBytes(6).toString('hex')}`;
  }

  /** Judges an answer; the class of each problem comes from the evidence (judge.ts). */
  problems(
    operation: OperationCase,
    sent: Sent,
    expectation: Expectation,
    check: string,
    request?: RequestSpec,
    label?: string,
    fix?: string,
  ): Problem[] {
    return this.judge.judge(operation, sent, expectation, { check, request, label, ...(fix ? { fix } : {}) });
  }

  /** Adds this run's tag to a create's body when its schema has room for it; otherwise sends the body as it is. */
  readonly tag = (operation: OperationCase, body: unknown): unknown => {
    if (!operation.tag || !body || typeof body !== 'object' || Array.isArray(body)) return body;
    const existing = {
      ...(((body as Record<string, unknown>)[operation.tag.field] as Record<string, unknown> | undefined) ??
        {}),
    };
    const keys = Object.keys(existing);
    if (operation.tag.maxProperties !== undefined && keys.length >= operation.tag.maxProperties)
      delete existing[keys.at(-1)!];
    return { ...(body as object), [operation.tag.field]: { ...existing, [RUN_TAG]: this.runId } };
  };

  /**
   * The operation's positive request: fresh path IDs on a stateful target, created bodies tagged,
   * every part checked against its schema before it is sent. A part built from an example the
   * spec got wrong is a spec finding and is replaced by a generated valid value, so the target is
   * still tested.
   */
  async request(operation: OperationCase, key?: string | null): Promise<RequestSpec> {
    return this.valid(
      operation,
      await positiveRequest(this.target, this.cases, operation, {
        prepare: this.tag,
        ...(key !== undefined ? { key } : {}),
      }),
    );
  }

  /** A value valid against `schema`, drawn with a fixed seed (the stand-in for an invalid example). */
  validValue(schema: object, direction: 'request' | 'response' = 'request'): unknown {
    this.substitutes += 1;
    let arbitrary: fc.Arbitrary<unknown>;
    try {
      arbitrary = arbitraryFrom(this.cases.sharedSchema, schema);
    } catch {
      return undefined; // no value satisfies it on its face (a required part): the caller says why
    }
    for (const value of fc.sample(arbitrary, {
      numRuns: 50,
      seed: 7919 * this.substitutes,
    })) {
      if (this.violations(schema, value, direction).length === 0) return value;
    }
    return undefined;
  }

  /** Violations of a value; a schema that cannot be compiled is the spec's fault (or ours), said once. */
  violations(
    schema: object | boolean | undefined,
    value: unknown,
    direction: 'request' | 'response' = 'request',
    pointer?: string,
    operation?: string,
  ): string[] {
    try {
      return this.validator.violations(schema, value, direction);
    } catch (error) {
      if (!(error instanceof SchemaError)) throw error;
      throw new ProblemsError([
        {
          class: error.bySpec ? 'spec' : 'suite',
          check: 'schema',
          message: `${operation ? `${operation}: ` : ''}${error.message}`,
          operation,
          pointer,
          fix: error.bySpec
            ? 'Make the schema valid JSON Schema, with patterns JavaScript (ECMA-262) can read.'
            : 'This is a bug in the generated contract suites: report it with the spec that shows it.',
          key: `${error.bySpec ? 'spec' : 'suite'}|schema|${error.message}`,
        },
      ]);
    }
  }

  /** The request with every part checked against its schema; an invalid example is a spec finding, replaced by a generated value. */
  valid(operation: OperationCase, request: RequestSpec): RequestSpec {
    return validRequest(this, operation, request);
  }

  operation(id: string): OperationCase {
    const found = this.cases.operations.find((operation) => operation.id === id);
    if (!found) throw new Error(`no case for operation ${id}`);
    return found;
  }

  /** Why a check does not apply to this target, or undefined when it does. */
  notApplicable(
    kind: 'stateful' | 'semantic' | 'validation' | 'scoped-keys' | 'revoked-key' | 'auth' | 'other-account',
    operation?: OperationCase,
  ): string | undefined {
    if (kind === 'stateful' && !this.target.stateful) return 'the target keeps no state';
    if (kind === 'validation' && !this.target.validates)
      return this.target.msw
        ? 'the MSW handlers answer the declared operations and refuse no input'
        : 'the target refuses no input (CONTRACT_VALIDATES=false)';
    if (kind === 'semantic' && !this.target.semantic) return 'the target checks schemas only';
    if (kind === 'auth' && !this.target.stateful) return 'the target ignores authentication';
    if (kind === 'revoked-key' && (!this.target.revokedKey || !this.target.stateful))
      return 'no revoked key given (CONTRACT_REVOKED_KEY)';
    if (kind === 'scoped-keys' && (!operation || !this.keyLacking(operation)))
      return 'no key lacking this operation’s scope given (CONTRACT_KEYS)';
    if (kind === 'other-account' && !this.target.stateful) return 'the target keeps no state';
    if (kind === 'other-account' && !this.target.otherAccountKey)
      return 'no key of another account given (CONTRACT_OTHER_ACCOUNT_KEY)';
    if (kind === 'auth' && operation?.bodyUnsupported) return operation.bodyUnsupported;
    return undefined;
  }

  /** Why no check over HTTP can reach an operation (it only switches protocols), or undefined. */
  unreachable(id: string): string | undefined {
    return this.cases.operations.find((operation) => operation.id === id)?.unreachable;
  }

  /**
   * Why none of an operation's checks is sent to this target: a write to a record the spec's
   * example names, which the run did not make and the target may hold (records.ts); or undefined.
   */
  async recordNotOurs(id: string): Promise<string | undefined> {
    const operation = this.operation(id);
    if (!operation.records) return undefined;
    return recordNotOurs({
      target: this.target,
      method: operation.method,
      records: operation.records,
      examples: Object.fromEntries(operation.pathParams.map((param) => [param.name, param.example])),
      made: (name) => Boolean(operation.pathParams.find((param) => param.name === name)?.producer),
      get: async (probe) => {
        const read = this.operation(probe.operation);
        const sent = await send(this.target, {
          method: 'get',
          path: probe.path,
          query: read.query,
          headers: read.headers,
          params: read.parameters,
          auth: read.auth,
        });
        return sent.status;
      },
    });
  }

  /** Why the positive request of an operation cannot be built, or undefined. */
  unbuildable(id: string): string | undefined {
    return this.operation(id).bodyUnsupported;
  }

  keyLacking(operation: OperationCase): string | undefined {
    if (operation.scopes.length === 0) return undefined;
    return this.target.keys.find((candidate) =>
      operation.scopes.some((scope) => !candidate.scopes.includes(scope)),
    )?.key;
  }

  /** The digest the target reports (any response's header) must be the one these suites came from. */
  async specDigest(): Promise<void> {
    const header = this.cases.specDigestHeader!;
    const probe =
      this.cases.operations.find(
        (operation) =>
          operation.isPublic &&
          operation.method === 'get' &&
          operation.pathParams.length === 0 &&
          !operation.unreachable,
      ) ?? this.cases.operations.find((operation) => !operation.unreachable);
    // Only protocol switches: no answer over HTTP to read a digest from.
    if (!probe) return;
    const request = await this.request(probe);
    const sent = await send(this.target, request);
    const reported = sent.headers.get(header);
    if (reported === null) {
      if (this.target.mock) return; // the mock serves examples and names no digest
      fail([
        against(
          this.target,
          'spec_digest',
          `${probe.id}: the target reports no ${header}; cannot tell which spec it was built from`,
          {
            operation: probe.id,
            pointer: '/x-spec-digest-header',
            fix: `The target must send ${header} on every answer.`,
            curl: curlLine(this.target, request),
          },
        ),
      ]);
    }
    if (reported !== this.cases.specDigest) {
      fail([
        against(
          this.target,
          'spec_digest',
          `spec digest mismatch: the target was built from ${reported}, these contract suites from ${this.cases.specDigest}. Regenerate and redeploy one of them.`,
          {
            operation: probe.id,
            pointer: '/x-spec-digest-header',
            fix: 'Deploy the target built from this spec, or regenerate the suites from the spec the target runs.',
          },
        ),
      ]);
    }
  }

  /** Every example in the spec validates against its schema; one that does not is a spec finding. */
  examples(): void {
    const problems: Problem[] = [];
    for (const example of this.cases.examples) {
      for (const violation of this.violations(
        example.schema,
        example.value,
        example.part === 'response' ? 'response' : 'request',
        example.pointer,
        example.operation,
      )) {
        problems.push({
          class: 'spec',
          check: 'example_validity',
          message: `example at ${example.where}: ${violation}`,
          operation: example.operation,
          pointer: example.pointer,
          fix: 'Correct the example so that it validates against its schema.',
          key: `spec|invalid-example|${example.pointer}`,
        });
      }
    }
    fail(problems);
  }

  async positive(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await this.request(operation);
    fail(
      this.problems(
        operation,
        await send(this.target, request),
        { kind: 'success' },
        'positive_data_acceptance',
        request,
      ),
    );
  }

  async negative(id: string, index: number): Promise<void> {
    const operation = this.operation(id);
    const negative = operation.negative[index]!;
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
    if (
      negative.in === 'body' &&
      operation.bodySchema &&
      this.violations(operation.bodySchema, request.body, 'request', operation.bodyPointer, operation.id)
        .length === 0
    ) {
      fail([
        {
          class: 'suite',
          check: 'negative_data_rejection',
          message: `${negative.name}: ${operation.id}: the derived invalid body is valid against the schema, so it was not sent`,
          operation: operation.id,
          pointer: operation.bodyPointer,
          fix: 'This is a bug in the generated contract suites (derive.ts): report it with the spec that shows it.',
        },
      ]);
    }
    fail(
      this.problems(
        operation,
        await send(this.target, request),
        { kind: 'refusal' },
        'negative_data_rejection',
        request,
        negative.name,
      ),
    );
  }

  /** An ID that was never issued (valid against the parameter's schema) gets the documented 404. */
  async unknownId(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = await this.request(operation);
    const last = operation.pathParams.at(-1)!;
    const schema = operation.parameters?.find(
      (param) => param.in === 'path' && param.name === last.name,
    )?.schema;
    let unknown: string = `never_issued_${randomUUID().replace(/-/g, '')}`;
    if (schema && this.violations(schema, unknown, 'request').length) {
      const generated = this.validValue(schema);
      if (generated !== undefined) unknown = String(generated);
    }
    const segments = request.path.split('/');
    const index = operation.path.split('/').indexOf(`{${last.name}}`);
    if (index >= 0) segments[index] = encodeURIComponent(unknown);
    const probe = { ...request, path: segments.join('/') };
    fail(
      this.problems(
        operation,
        await send(this.target, probe),
        { kind: 'refusal', status: 404 },
        'use_after_free',
        probe,
      ),
    );
  }

  /** No key, a malformed key, an unknown well-formed key and (when given) a revoked key each get 401. */
  async credentials(id: string): Promise<void> {
    fail(await credentials(this, this.operation(id)));
  }

  async insufficientScope(id: string): Promise<void> {
    const operation = this.operation(id);
    const request = { ...(await this.request(operation)), key: this.keyLacking(operation) };
    fail(
      this.problems(
        operation,
        await send(this.target, request),
        { kind: 'refusal', status: 403 },
        'insufficient_scope',
        request,
      ),
    );
  }

  /** A required header parameter (other than credentials) left out gets a documented 4xx. */
  async missingHeaders(id: string): Promise<void> {
    fail(await missingHeaders(this, this.operation(id)));
  }

  /** Each method the spec does not declare on a path gets 405 with an Allow header listing those it does. */
  async unsupportedMethods(path: string): Promise<void> {
    fail(await unsupportedMethods(this, path));
  }

  /** OPTIONS on a path answers Allow matching the spec's methods. */
  async options(path: string): Promise<void> {
    fail(await options(this, path));
  }

  /** The deterministic coverage of one operation: every enum value, every boundary, each optional part present and absent. */
  async coverage(id: string): Promise<void> {
    fail(await coverage(this, this.operation(id)));
  }

  async crossTenant(createId: string): Promise<void> {
    fail(await crossTenant(this, createId));
  }

  async afterDelete(createId: string): Promise<void> {
    fail(await afterDelete(this, createId));
  }

  async leakage(createId: string): Promise<void> {
    fail(await leakage(this, createId));
  }

  async concurrency(id: string): Promise<void> {
    fail(await concurrency(this, this.operation(id)));
  }

  /** Paging completeness over items the suite created (paging.ts). */
  async paging(id: string): Promise<void> {
    fail(await paging(this, this.operation(id)));
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
    const untied = Object.entries(report.untied).map(([operation, count]) => `${operation} ${count}`);
    const left = untied.length
      ? `; left on the target, answers of POSTs no OpenAPI link ties to a delete: ${untied.join(', ')}`
      : '';
    const summary = `cleanup: deleted ${report.deleted}, already gone ${report.alreadyGone}, removed with their parent or kept ${report.withoutDelete}${left}; ${stats?.requests ?? 0} requests, ${stats?.retriedAfter429 ?? 0} repeated after 429, ${((stats?.waitedMs ?? 0) / 1000).toFixed(1)} s waited for rate limits${stats?.connectionsDropped ? `, ${stats.connectionsDropped} sent again after the target closed their connection unanswered` : ''}`;
    if (report.failures.length)
      throw new Error(`${summary}\ncould not delete:\n  ${report.failures.join('\n  ')}`);
    return summary;
  }

  /** Replaying a create with the same idempotency key returns the same resource. */
  async idempotency(id: string): Promise<void> {
    fail(await idempotency(this, this.operation(id)));
  }

  /** The positive case through the generated client (client-check.ts). */
  async client(id: string): Promise<void> {
    if (!this.generatedClient) throw new Error('no generated client was given to the contract suite');
    fail(await clientProblems(this, this.generatedClient, this.operation(id)));
  }
}
