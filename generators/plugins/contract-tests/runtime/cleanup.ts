/**
 * What the suites create, they delete: every 2xx answer to a create operation is recorded (from
 * the transport, so creates made through the generated client count too), and `cleanup` deletes
 * them newest first with each resource's delete link, after failures too. Resources without a
 * delete operation go with their parent when the parent is deleted, or stay (and are counted).
 */
import type { Cases, OperationCase, ResourceCase } from './cases.js';
import { send } from './harness.js';
import { linkedRequest, type LinkSource } from './links.js';
import { pathParamsOf } from './request.js';
import type { SuiteContext } from './suite-context.js';
import type { Target } from './target.js';
import type { Observed } from './transport.js';

interface Created {
  resource: ResourceCase;
  source: LinkSource;
  /** The key that created it (the suite's, or another account's), which must also delete it. */
  key?: string | undefined;
}

export interface CleanupReport {
  deleted: number;
  alreadyGone: number;
  /** Created by an operation whose resource has no delete link (removed with a parent, if any). */
  withoutDelete: number;
  /**
   * Successful POSTs of operations no OpenAPI link ties to a delete, by operationId: what they
   * made (if anything) is left on the target, and the summary says so rather than "deleted 0".
   */
  untied: Record<string, number>;
  failures: string[];
}

export class CreatedRegistry {
  private readonly created: Created[] = [];
  private readonly matchers: Array<{ operation: OperationCase; resource: ResourceCase; pattern: RegExp }>;
  private readonly posts: Array<{ operation: OperationCase; pattern: RegExp }>;
  private readonly untied = new Map<string, number>();

  constructor(
    private readonly cases: Cases,
    private readonly target: Target,
  ) {
    this.matchers = cases.resources.flatMap((resource) => {
      const operation = cases.operations.find((candidate) => candidate.id === resource.create);
      return operation ? [{ operation, resource, pattern: pathPattern(operation.path) }] : [];
    });
    this.posts = cases.operations
      .filter((operation) => operation.method.toUpperCase() === 'POST')
      .map((operation) => ({ operation, pattern: pathPattern(operation.path) }));
  }

  /** Transport observer: a successful create is remembered with what its links need. */
  readonly observe = (observed: Observed): void => {
    if (observed.status < 200 || observed.status >= 300) return;
    const path = observed.url.pathname.slice(new URL(this.target.baseUrl).pathname.replace(/\/$/, '').length);
    const match = this.matchers.find(
      (matcher) => matcher.operation.method.toUpperCase() === observed.method && matcher.pattern.test(path),
    );
    if (!match) {
      const post = observed.method === 'POST' && this.posts.find((candidate) => candidate.pattern.test(path));
      if (post) this.untied.set(post.operation.id, (this.untied.get(post.operation.id) ?? 0) + 1);
      return;
    }
    if (!observed.body || typeof observed.body !== 'object') return;
    // forEach, not values(): a consumer's lib ES2022 + DOM has no DOM.Iterable (the corpus's typecheck).
    const sent: string[] = [];
    observed.requestHeaders.forEach((value) => sent.push(value));
    const credentials = `${sent.join('\n')}\n${observed.url.search}`;
    const key = [this.target.otherAccountKey, this.target.apiKey].find(
      (candidate) => candidate && credentials.includes(candidate),
    );
    this.created.push({
      resource: match.resource,
      source: { requestPath: pathParamsOf(match.operation.path, path), responseBody: observed.body },
      ...(key ? { key } : {}),
    });
  };

  get size(): number {
    return this.created.length;
  }

  async cleanup(context: SuiteContext): Promise<CleanupReport> {
    const report: CleanupReport = {
      deleted: 0,
      alreadyGone: 0,
      withoutDelete: 0,
      untied: Object.fromEntries(this.untied),
      failures: [],
    };
    while (this.created.length) {
      const { resource, source, key } = this.created.pop()!;
      if (!resource.delete) {
        report.withoutDelete += 1;
        continue;
      }
      try {
        const sent = await send(this.target, {
          ...linkedRequest(context, resource.delete, source),
          ...(key ? { key } : {}),
        });
        if (sent.status === 404 || sent.status === 410) report.alreadyGone += 1;
        else if (sent.status < 300) report.deleted += 1;
        else
          report.failures.push(
            `${resource.delete.operationId} ${JSON.stringify((source.responseBody as Record<string, unknown>).id)}: ${sent.status} ${sent.text.slice(0, 200)}`,
          );
      } catch (error) {
        // A delete that gets no answer, or a link without a value, is reported the same way.
        report.failures.push(`${resource.delete.operationId}: ${(error as Error).message}`);
      }
    }
    return report;
  }
}

/** An operation's path template as a pattern of the paths it answers. */
function pathPattern(template: string): RegExp {
  return new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`);
}
