/**
 * Judging one answer against the spec and against what the check expected, and deciding whose
 * fault each problem is from evidence: what the spec documents for the operation (is there a
 * success? a response for invalid input? for 401?), whether the body is one of the spec's own
 * examples that we found invalid, whether the target is a mock. The checks only say what they
 * expected; the classes are decided here, in one place.
 */
import type { Cases, OperationCase, ResponseCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, notImplemented, type Problem } from './findings.js';
import type { RequestSpec, Sent } from './request.js';
import type { Target } from './target.js';
import type { SpecValidator } from './validator.js';

/** What a check expected of the answer. */
export type Expectation =
  /** A documented success (`lenient`: or a documented 4xx the input can rightly get: a conflict, an ID the suite did not make). */
  | { kind: 'success'; lenient?: boolean; idsWereMade?: boolean }
  /** A refusal: exactly `status`, or any documented 4xx for invalid input. */
  | { kind: 'refusal'; status?: number; also?: number[] }
  /** Any documented answer (a read in a sequence, a 429 the transport saw). */
  | { kind: 'documented' };

export interface JudgeContext {
  cases: Cases;
  target: Target;
  validator: SpecValidator;
}

export interface JudgeOptions {
  /** The check's name (Schemathesis's where it matches). */
  check: string;
  /** The request sent, for the curl line. */
  request?: RequestSpec | undefined;
  /** Prefixes each message (e.g. the negative case's name). */
  label?: string | undefined;
  /** The fix, when the check knows it better than "refuse this request" (a cross-tenant read, a use after free). */
  fix?: string | undefined;
}

/** The documented response for a status: exact, then `4XX`-style, then `default`. */
export function documentedResponse<Response = ResponseCase>(
  operation: { responses: Record<string, Response> },
  status: number,
): Response | undefined {
  return (
    operation.responses[String(status)] ??
    operation.responses[`${String(status)[0]}XX`] ??
    operation.responses.default
  );
}

const statusesOf = (operation: OperationCase) => Object.keys(operation.responses);
/** A success: a 2xx, or a redirect the operation documents (a 302 to a download, a 304). */
const documentsSuccess = (operation: OperationCase) =>
  statusesOf(operation).some((status) => /^[23]/.test(status));
const isSuccess = (operation: OperationCase, status: number) =>
  (status >= 200 && status < 300) ||
  (status >= 300 && status < 400 && documentedResponse(operation, status) !== undefined && status !== 304);
/** Responses that can carry a refusal of invalid input. */
const VALIDATION = ['400', '422', '4XX', 'default'];
const documentsValidation = (operation: OperationCase) =>
  statusesOf(operation).some((status) => VALIDATION.includes(status));

/** Statuses no valid request may get: it was valid, authorised and small; IDs the suite made exist. */
export function refusedWrongly(status: number, idsWereMade: boolean): boolean {
  return (
    status >= 500 || [400, 401, 403, 405, 413, 415, 429].includes(status) || (idsWereMade && status === 404)
  );
}

/** `type/subtype` without parameters, lower case. */
const essence = (mediaType: string) => mediaType.split(';')[0]!.trim().toLowerCase();

/** Whether an answered Content-Type is one a declared media type (or range) allows. */
export function mediaTypeMatches(declared: string, answered: string): boolean {
  const [type, subtype] = essence(declared).split('/');
  const [answeredType, answeredSubtype] = essence(answered).split('/');
  if (!answeredSubtype) return false;
  return (type === '*' || type === answeredType) && (subtype === '*' || subtype === answeredSubtype);
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export class Judge {
  /** Pointers of the spec's examples that are invalid against their schemas (filled by the examples check or lazily). */
  private invalidExamples: Array<{ pointer: string; value: unknown }> | undefined;

  constructor(private readonly context: JudgeContext) {}

  /** The spec's own examples that break their schemas: evidence that an answer equal to one is the spec's fault. */
  invalid(): Array<{ pointer: string; value: unknown }> {
    this.invalidExamples ??= this.context.cases.examples.filter((example) => {
      try {
        return (
          this.context.validator.violations(
            example.schema,
            example.value,
            example.part === 'response' ? 'response' : 'request',
          ).length > 0
        );
      } catch {
        return false;
      }
    });
    return this.invalidExamples;
  }

  private curl(options: JudgeOptions): string | undefined {
    return options.request ? curlLine(this.context.target, options.request) : undefined;
  }

  /** Every problem with `sent` as an answer to `operation`, each with its class. */
  judge(operation: OperationCase, sent: Sent, expectation: Expectation, options: JudgeOptions): Problem[] {
    const problems = this.status(operation, sent, expectation, options);
    const documented = documentedResponse(operation, sent.status);
    if (documented && !problems.some((problem) => problem.check === 'status_code_conformance'))
      problems.push(...this.conformance(operation, sent, documented, options));
    return problems;
  }

  private status(
    operation: OperationCase,
    sent: Sent,
    expectation: Expectation,
    options: JudgeOptions,
  ): Problem[] {
    const { target } = this.context;
    const curl = this.curl(options);
    const prefix = options.label ? `${options.label}: ` : '';
    const base = { operation: operation.id, ...(curl ? { curl } : {}) };
    const documented = documentedResponse(operation, sent.status);
    if (sent.status === 501 && !documented)
      return [{ ...notImplemented(target, operation, sent.text), ...base }];
    const body = sent.text.slice(0, 200);
    const status = sent.status;
    const success = isSuccess(operation, status);
    if (expectation.kind === 'success') {
      if (success) return documented ? [] : [this.undocumented(operation, sent, options)];
      if (expectation.lenient && !refusedWrongly(status, expectation.idsWereMade ?? false))
        return documented ? [] : [this.undocumented(operation, sent, options)];
      if (!documentsSuccess(operation)) {
        return [
          {
            class: 'spec',
            check: 'positive_data_acceptance',
            message: `${prefix}${operation.id}: the spec documents no success response (documented: ${statusesOf(operation).join(', ') || 'none'}), so no answer to a valid request can conform; got ${status}`,
            pointer: `${operation.pointer}/responses`,
            fix: `Document the success response of ${operation.id} (its 2xx status, media type and schema).`,
            key: `spec|no-success|${operation.id}`,
            ...base,
          },
        ];
      }
      const unmade = operation.pathParams.filter((param) => !param.producer);
      if (status === 404 && target.stateful && unmade.length) {
        return [
          {
            class: 'spec',
            check: 'positive_data_acceptance',
            message: `${prefix}${operation.id}: 404 for the example ${unmade.map((param) => `${param.name} ${JSON.stringify(param.example)}`).join(', ')}: no operation of the spec creates one, so the suite cannot make an ID that exists`,
            pointer: `${operation.pointer}`,
            fix: `Add an OpenAPI link from the operation that creates the ${unmade.map((param) => param.name).join(', ')} to ${operation.id}, or an example of an ID that exists on the target.`,
            key: `spec|no-producer|${operation.id}`,
            ...base,
          },
        ];
      }
      return [
        against(
          target,
          status >= 500 ? 'not_a_server_error' : 'positive_data_acceptance',
          `${prefix}${operation.id}: ${expectation.lenient ? 'a valid request got' : 'expected success, got'} ${status}: ${body}`,
          {
            ...base,
            pointer: operation.pointer,
            fix: `${operation.id} must accept every request valid against the spec (it answered ${status}).`,
          },
        ),
      ];
    }
    if (expectation.kind === 'documented')
      return documented ? [] : [this.undocumented(operation, sent, options)];
    // A refusal was expected.
    const wanted = expectation.status;
    if (status < 400 || status >= 500) {
      return [
        against(
          target,
          status >= 500 ? 'not_a_server_error' : options.check,
          `${prefix}${operation.id}: expected ${wanted ?? 'a 4xx'}, got ${status}: ${body}`,
          {
            ...base,
            pointer: operation.pointer,
            fix:
              options.fix ??
              `${operation.id} must refuse this request with ${wanted ?? 'a documented 4xx'}${status >= 500 ? ', never a server error' : ''}.`,
          },
        ),
      ];
    }
    if (wanted !== undefined && status !== wanted && !(expectation.also ?? []).includes(status)) {
      return [
        against(
          target,
          options.check,
          `${prefix}${operation.id}: expected ${wanted}, got ${status}: ${body}`,
          {
            ...base,
            pointer: `${operation.pointer}/responses`,
            fix: options.fix ?? `${operation.id} must answer ${wanted} here, as the spec says.`,
          },
        ),
      ];
    }
    if (documented) return [];
    // The right kind of refusal, with a status the spec does not document.
    if (wanted !== undefined) {
      const nowhere = !this.context.cases.operations.some(
        (candidate) => candidate.responses[String(status)] !== undefined,
      );
      return [
        {
          class: 'spec',
          check: 'status_code_conformance',
          message: `${prefix}${operation.id}: answered ${status} as it should, but the spec does not document ${status} for it (documented: ${statusesOf(operation).join(', ')})`,
          pointer: `${operation.pointer}/responses`,
          fix: nowhere
            ? `Document the ${status} response on the operations that can answer it (none does).`
            : `Document the ${status} response of ${operation.id}.`,
          key: nowhere
            ? `spec|undocumented-${status}|everywhere`
            : `spec|undocumented-${status}|${operation.id}`,
          ...base,
        },
      ];
    }
    // A documented alternative (404 for a malformed ID) was there to answer with.
    const alternative = (expectation.also ?? []).find(
      (candidate) => documentedResponse(operation, candidate) !== undefined,
    );
    if (documentsValidation(operation) || alternative !== undefined) {
      return [
        against(
          target,
          'status_code_conformance',
          `${prefix}${operation.id}: refused with ${status}, which the spec does not document (documented: ${statusesOf(operation).join(', ')}); body: ${body}`,
          {
            ...base,
            pointer: `${operation.pointer}/responses`,
            fix: `${operation.id} must refuse invalid input with a documented status (${[...statusesOf(operation).filter((candidate) => VALIDATION.includes(candidate)), ...(alternative !== undefined ? [String(alternative)] : [])].join(', ')}).`,
          },
        ),
      ];
    }
    const anywhere = this.context.cases.operations.some(documentsValidation);
    return [
      {
        class: 'spec',
        check: 'negative_data_rejection',
        message: `${prefix}${operation.id}: refused with ${status}, but the spec documents no response for invalid input on ${anywhere ? 'this operation' : 'any operation'} (documented: ${statusesOf(operation).join(', ') || 'none'})`,
        pointer: `${operation.pointer}/responses`,
        fix: anywhere
          ? `Document a 400 (or 422) response, with its error schema, on ${operation.id}.`
          : 'Document a 400 (or 422) response, with its error schema, for invalid requests: no operation has one.',
        key: anywhere
          ? `spec|no-validation-response|${operation.id}`
          : 'spec|no-validation-response|everywhere',
        ...base,
      },
    ];
  }

  private undocumented(operation: OperationCase, sent: Sent, options: JudgeOptions): Problem {
    const curl = this.curl(options);
    const prefix = options.label ? `${options.label}: ` : '';
    const message = `${prefix}${operation.id} ${sent.status}: status ${sent.status} is not documented (documented: ${statusesOf(operation).join(', ')}); body: ${sent.text.slice(0, 200)}`;
    if (isSuccess(operation, sent.status) && !documentsSuccess(operation)) {
      return {
        class: 'spec',
        check: 'status_code_conformance',
        message,
        operation: operation.id,
        pointer: `${operation.pointer}/responses`,
        fix: `Document the ${sent.status} success response of ${operation.id}.`,
        key: `spec|no-success|${operation.id}`,
        ...(curl ? { curl } : {}),
      };
    }
    return against(this.context.target, 'status_code_conformance', message, {
      operation: operation.id,
      pointer: `${operation.pointer}/responses`,
      fix: `${operation.id} must answer with a status its responses document, or the spec must document ${sent.status}.`,
      ...(curl ? { curl } : {}),
    });
  }

  /** Body, headers and Content-Type of a documented answer. */
  private conformance(
    operation: OperationCase,
    sent: Sent,
    documented: ResponseCase,
    options: JudgeOptions,
  ): Problem[] {
    const { target, validator } = this.context;
    const curl = this.curl(options);
    const base = { operation: operation.id, ...(curl ? { curl } : {}) };
    const label = `${options.label ? `${options.label}: ` : ''}${operation.id} ${sent.status}`;
    const problems: Problem[] = [];
    const hasBody = sent.text.length > 0 && sent.status !== 204 && sent.status !== 304;
    const contentType = sent.headers.get('content-type');
    if (hasBody) {
      if (documented.mediaTypes.length === 0) {
        problems.push({
          class: 'spec',
          check: 'content_type_conformance',
          message: `${label}: the target sends a ${contentType ?? 'body'} the spec does not declare (no content for ${sent.status})`,
          pointer: documented.pointer,
          fix: `Declare the media type and schema of ${operation.id}'s ${sent.status} response (or the target must send no body).`,
          key: `spec|no-content|${documented.pointer}`,
          ...base,
        });
      } else if (contentType === null) {
        problems.push(
          against(
            target,
            'content_type_conformance',
            `${label}: a body without a Content-Type header (declared: ${documented.mediaTypes.join(', ')})`,
            {
              ...base,
              pointer: documented.pointer,
              fix: `${operation.id} must send Content-Type ${documented.mediaTypes[0]} with its ${sent.status} body.`,
            },
          ),
        );
      } else if (!documented.mediaTypes.some((declared) => mediaTypeMatches(declared, contentType))) {
        problems.push(
          against(
            target,
            'content_type_conformance',
            `${label}: Content-Type ${contentType} is not a media type the spec declares (${documented.mediaTypes.join(', ')})`,
            {
              ...base,
              pointer: documented.pointer,
              fix: `${operation.id} must answer ${sent.status} as ${documented.mediaTypes.join(' or ')}.`,
            },
          ),
        );
      }
    }
    const jsonAnswer = contentType === null || /json/i.test(contentType);
    if (documented.schema !== undefined && hasBody && jsonAnswer) {
      const violations = validator.violations(documented.schema, sent.body);
      const example = violations.length
        ? this.invalid().find((candidate) => deepEqual(candidate.value, sent.body))
        : undefined;
      if (example)
        problems.push({
          class: 'spec',
          check: 'response_schema_conformance',
          message: `${label}: the answer is the spec's own example ${example.pointer}, which is invalid against its schema: ${violations.slice(0, 3).join('; ')}`,
          pointer: example.pointer,
          fix: 'Correct the example so that it validates against its schema.',
          key: `spec|invalid-example|${example.pointer}`,
          ...base,
        });
      else
        problems.push(
          ...violations.map((violation) =>
            against(target, 'response_schema_conformance', `${label}: ${violation}`, {
              ...base,
              pointer: documented.pointer,
              fix: `${operation.id}'s ${sent.status} body must validate against its schema (${violation.split(' ')[0]}).`,
              key: `${target.mock ? 'mock' : 'target'}|response_schema_conformance|${documented.pointer}|${violation}`,
            }),
          ),
        );
    }
    if (documented.schema === true && hasBody && documented.mediaTypes.some((type) => /json/i.test(type))) {
      problems.push({
        class: 'spec',
        check: 'response_schema_conformance',
        message: `${label}: the response declares ${documented.mediaTypes.join(', ')} without a schema, so nothing checks its body`,
        pointer: documented.pointer,
        fix: `Give ${operation.id}'s ${sent.status} response a schema.`,
        key: `spec|no-schema|${documented.pointer}`,
        ...base,
      });
    }
    for (const header of documented.requiredHeaders) {
      if (sent.headers.get(header) === null)
        problems.push(
          against(target, 'response_headers_conformance', `${label}: required header ${header} is missing`, {
            ...base,
            pointer: `${documented.pointer}/headers/${header.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            fix: `${operation.id} must send ${header} with every ${sent.status}.`,
            key: `${target.mock ? 'mock' : 'target'}|header-missing|${documented.pointer}|${header}`,
          }),
        );
    }
    for (const [header, schema] of Object.entries(documented.headerSchemas ?? {})) {
      const raw = sent.headers.get(header);
      if (raw === null) continue;
      const type = (schema as { type?: unknown }).type;
      // Header values are strings on the wire; a numeric or boolean schema reads them as such.
      const value =
        (type === 'integer' || type === 'number') && raw.trim() !== '' && !Number.isNaN(Number(raw))
          ? Number(raw)
          : type === 'boolean' && (raw === 'true' || raw === 'false')
            ? raw === 'true'
            : raw;
      for (const violation of validator.violations(schema, value)) {
        problems.push(
          against(
            target,
            'response_headers_conformance',
            `${label}: header ${header} ${JSON.stringify(raw)}: ${violation.replace(/^\/ /, '')}`,
            {
              ...base,
              pointer: `${documented.pointer}/headers/${header}`,
              fix: `${operation.id}'s ${header} header must match its schema.`,
              key: `${target.mock ? 'mock' : 'target'}|header-value|${documented.pointer}|${header}`,
            },
          ),
        );
      }
    }
    return problems;
  }
}
