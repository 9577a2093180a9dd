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
  failures: string[];
}

export class CreatedRegistry {
  private readonly created: Created[] = [];
  private readonly matchers: Array<{ operation: OperationCase; resource: ResourceCase; pattern: RegExp }>;

  constructor(
    private readonly cases: Cases,
    private readonly target: Target,
  ) {
    this.matchers = cases.resources.flatMap((resource) => {
      const operation = cases.operations.find((candidate) => candidate.id === resource.create);
      if (!operation) return [];
      const pattern = new RegExp(
        `^${operation.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}/?$`,
      );
      return [{ operation, resource, pattern }];
    });
  }

  /** Transport observer: a successful create is remembered with what its links need. */
  readonly observe = (observed: Observed): void => {
    if (observed.status >= 300 || !observed.body || typeof observed.body !== 'object') return;
    const path = observed.url.pathname.slice(new URL(this.target.baseUrl).pathname.replace(/\/$/, '').length);
    const match = this.matchers.find(
      (matcher) => matcher.operation.method.toUpperCase() === observed.method && matcher.pattern.test(path),
    );
    if (!match) return;
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
    const report: CleanupReport = { deleted: 0, alreadyGone: 0, withoutDelete: 0, failures: [] };
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
