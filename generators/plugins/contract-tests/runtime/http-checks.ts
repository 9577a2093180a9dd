/**
 * HTTP semantics and credentials, for any spec: a method the spec does not declare on a path gets
 * 405 with an Allow header listing the declared ones (RFC 9110 §15.5.6); OPTIONS answers an Allow
 * that matches the spec (and a CORS preflight still gets its CORS answer where the target speaks
 * CORS); a required header parameter left out gets a documented 4xx; no key, a malformed key, an
 * unknown well-formed key and a revoked key each get 401.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { OperationCase } from './cases.js';
import { curlLine } from './curl.js';
import { against, type Problem } from './findings.js';
import { send } from './harness.js';
import type { RequestSpec } from './request.js';
import type { SuiteContext } from './suite-context.js';

/** What http-checks need beyond a SuiteContext. */
export interface HttpContext extends SuiteContext {
  keyLacking(operation: OperationCase): string | undefined;
}

const PROBED_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

/** The methods an Allow header lists, upper case, HEAD and OPTIONS left out (both are implied by others or by HTTP itself). */
export function allowedMethods(header: string | null): string[] {
  return [
    ...new Set(
      (header ?? '')
        .split(',')
        .map((method) => method.trim().toUpperCase())
        .filter((method) => method && method !== 'HEAD' && method !== 'OPTIONS'),
    ),
  ].sort();
}

const declaredOf = (methods: string[]) =>
  [
    ...new Set(
      methods
        .map((method) => method.toUpperCase())
        .filter((method) => method !== 'HEAD' && method !== 'OPTIONS'),
    ),
  ].sort();

/** Whether a concrete path is one a template matches (each parameter one or more characters of a segment). */
function matches(template: string, path: string): boolean {
  return new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`,
  ).test(path);
}

async function probeOf(
  context: HttpContext,
  path: string,
): Promise<{ request: RequestSpec; operation: OperationCase; declared: string[]; pointer: string }> {
  const entry = context.cases.paths.find((candidate) => candidate.path === path)!;
  const operation = context.operation(entry.operationId);
  const positive = await context.request(operation);
  // The concrete path (IDs that exist on a stateful target), with credentials, and nothing else.
  const request: RequestSpec = {
    method: 'get',
    path: positive.path,
    params: operation.parameters,
    auth: operation.auth,
    headers: {},
  };
  // `/pet/findByStatus` is also `/pet/{petId}`: the methods of every template the URL matches are declared for it.
  const concrete = positive.path.split('?')[0]!;
  const methods = context.cases.paths
    .filter((candidate) => candidate.path === path || matches(candidate.path, concrete))
    .flatMap((candidate) => candidate.methods);
  return { request, operation, declared: declaredOf(methods), pointer: entry.pointer };
}

export async function unsupportedMethods(context: HttpContext, path: string): Promise<Problem[]> {
  const { request, declared, pointer } = await probeOf(context, path);
  const problems: Problem[] = [];
  const allow = declared.join(', ');
  for (const method of PROBED_METHODS.filter((candidate) => !declared.includes(candidate.toUpperCase()))) {
    const probe = { ...request, method };
    const sent = await send(context.target, probe);
    const base = {
      operation: `${method.toUpperCase()} ${path}`,
      pointer,
      curl: curlLine(context.target, probe),
    };
    const blame = context.target.mock ? 'mock' : 'target';
    if (sent.status !== 405) {
      problems.push(
        against(
          context.target,
          'unsupported_method',
          `${method.toUpperCase()} ${path}: expected 405 with Allow: ${allow}, got ${sent.status}: ${sent.text.slice(0, 200)}`,
          {
            ...base,
            fix: `Answer a method the path does not declare with 405 and an Allow header listing ${allow} (RFC 9110 §15.5.6).`,
            key: `${blame}|unsupported_method|status-${sent.status}`,
          },
        ),
      );
      continue;
    }
    const header = sent.headers.get('allow');
    if (header === null)
      problems.push(
        against(
          context.target,
          'unsupported_method',
          `${method.toUpperCase()} ${path}: 405 without an Allow header (the spec declares ${allow})`,
          {
            ...base,
            fix: `Every 405 must carry an Allow header listing the path's methods (here ${allow}).`,
            key: `${blame}|unsupported_method|no-allow`,
          },
        ),
      );
    else if (allowedMethods(header).join(', ') !== allow)
      problems.push(
        against(
          context.target,
          'unsupported_method',
          `${method.toUpperCase()} ${path}: Allow: ${header} does not match the methods the spec declares (${allow})`,
          {
            ...base,
            fix: `List exactly the declared methods in Allow: ${allow} (HEAD and OPTIONS may be added).`,
            key: `${blame}|unsupported_method|allow-mismatch|${path}`,
          },
        ),
      );
  }
  return problems;
}

/** OPTIONS: Allow lists the declared methods; where the target speaks CORS, a preflight still gets its answer. */
export async function options(context: HttpContext, path: string): Promise<Problem[]> {
  const { request, declared, pointer } = await probeOf(context, path);
  const allow = declared.join(', ');
  const probe = { ...request, method: 'options' };
  const sent = await send(context.target, probe);
  const base = { operation: `OPTIONS ${path}`, pointer, curl: curlLine(context.target, probe) };
  const blame = context.target.mock ? 'mock' : 'target';
  const problems: Problem[] = [];
  if (!(sent.status >= 200 && sent.status < 300) && sent.status !== 405) {
    return [
      against(
        context.target,
        'options_allow',
        `OPTIONS ${path}: expected 200 or 204 with Allow: ${allow}, got ${sent.status}: ${sent.text.slice(0, 200)}`,
        {
          ...base,
          fix: `Answer OPTIONS with 204 and Allow: ${allow} (or 405 with the same Allow, where OPTIONS is not supported).`,
          key: `${blame}|options_allow|status-${sent.status}`,
        },
      ),
    ];
  }
  const header = sent.headers.get('allow');
  if (header === null)
    problems.push(
      against(
        context.target,
        'options_allow',
        `OPTIONS ${path}: ${sent.status} without an Allow header (the spec declares ${allow})`,
        {
          ...base,
          fix: `OPTIONS must answer Allow: ${allow}, the methods the spec declares on the path.`,
          key: `${blame}|options_allow|no-allow`,
        },
      ),
    );
  else if (allowedMethods(header).join(', ') !== allow)
    problems.push(
      against(
        context.target,
        'options_allow',
        `OPTIONS ${path}: Allow: ${header} does not match the methods the spec declares (${allow})`,
        {
          ...base,
          fix: `OPTIONS must list exactly ${allow} (HEAD and OPTIONS may be added).`,
          key: `${blame}|options_allow|allow-mismatch|${path}`,
        },
      ),
    );
  // A target that answers CORS headers is expected to keep answering preflights.
  if (sent.headers.get('access-control-allow-origin') !== null) {
    const method = declared.find((candidate) => candidate !== 'GET') ?? declared[0]!;
    const preflight: RequestSpec = {
      ...probe,
      key: null,
      headers: { origin: 'https://contract-tests.example', 'access-control-request-method': method },
    };
    const answer = await send(context.target, preflight);
    const methods = allowedMethods(answer.headers.get('access-control-allow-methods'));
    if (
      !(answer.status >= 200 && answer.status < 300) ||
      answer.headers.get('access-control-allow-origin') === null ||
      (methods.length > 0 && !methods.includes(method))
    ) {
      problems.push(
        against(
          context.target,
          'options_allow',
          `OPTIONS ${path} as a CORS preflight for ${method}: ${answer.status}, Access-Control-Allow-Origin ${answer.headers.get('access-control-allow-origin') ?? 'missing'}, Access-Control-Allow-Methods ${answer.headers.get('access-control-allow-methods') ?? 'missing'}`,
          {
            ...base,
            curl: curlLine(context.target, preflight),
            fix: `A CORS preflight for ${method} ${path} must get a 2xx with Access-Control-Allow-Origin and ${method} among the allowed methods.`,
            key: `${blame}|options_allow|preflight`,
          },
        ),
      );
    }
  }
  return problems;
}

/** Each required header parameter (other than credentials) left out gets a documented 4xx. */
export async function missingHeaders(context: HttpContext, operation: OperationCase): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const param of requiredHeaders(operation)) {
    const request = await context.request(operation);
    const headers = Object.fromEntries(
      Object.entries(request.headers ?? {}).filter(
        ([name]) => name.toLowerCase() !== param.name.toLowerCase(),
      ),
    );
    const probe = { ...request, headers };
    problems.push(
      ...context.problems(
        operation,
        await send(context.target, probe),
        { kind: 'refusal' },
        'missing_required_header',
        probe,
        `without the required header ${param.name}`,
        `${operation.id} must refuse a request without ${param.name} with a documented 4xx.`,
      ),
    );
  }
  return problems;
}

/** Required header parameters a request can leave out: not Authorization, not the header the key goes in. */
export function requiredHeaders(operation: OperationCase): OperationCase['parameters'] {
  return (operation.parameters ?? []).filter(
    (param) =>
      param.in === 'header' &&
      param.required &&
      param.name.toLowerCase() !== 'authorization' &&
      !(operation.auth?.kind === 'header' && operation.auth.name?.toLowerCase() === param.name.toLowerCase()),
  );
}

/**
 * A key that has the right shape but was never issued: drawn from the spec's key pattern
 * (x-key-format) with the prefix of the suite's own key, or else the suite's key with every
 * letter and digit after its prefix replaced by a random one of the same kind.
 */
export function forgeKey(known: string | undefined, pattern: string | undefined): string {
  const prefix = known?.match(/^(.*[_-])/)?.[1] ?? '';
  if (pattern) {
    try {
      const regex = new RegExp(pattern);
      const candidates = fc.sample(fc.stringMatching(regex), {
        numRuns: 200,
        seed: randomBytes(4).readInt32LE(),
      });
      const fitting =
        candidates.find((candidate) => candidate.startsWith(prefix) && candidate !== known) ??
        candidates.find((candidate) => candidate !== known);
      if (fitting) return fitting;
    } catch {
      /* a pattern JavaScript cannot read: shape the key after the known one */
    }
  }
  if (!known) return `key_${randomBytes(16).toString('hex')}`;
  const random = randomBytes(known.length);
  const rest = [...known.slice(prefix.length)].map((char, index) => {
    const byte = random[index]!;
    if (/[0-9]/.test(char)) return String(byte % 10);
    if (/[a-z]/.test(char)) return String.fromCharCode(97 + (byte % 26));
    if (/[A-Z]/.test(char)) return String.fromCharCode(65 + (byte % 26));
    return char;
  });
  return `${prefix}${rest.join('')}`;
}

/** No key, a malformed one, an unknown well-formed one and (when given) a revoked one: 401 each. */
export async function credentials(context: HttpContext, operation: OperationCase): Promise<Problem[]> {
  const request = await context.request(operation);
  const attempts: Array<{ label: string; key: string | null }> = [
    { label: 'no key', key: null },
    { label: 'a malformed key', key: 'not a valid key!' },
    { label: 'an unknown well-formed key', key: forgeKey(context.target.apiKey, context.cases.keyPattern) },
    ...(context.target.revokedKey ? [{ label: 'a revoked key', key: context.target.revokedKey }] : []),
  ];
  const problems: Problem[] = [];
  for (const attempt of attempts) {
    const probe = { ...request, key: attempt.key };
    problems.push(
      ...context.problems(
        operation,
        await send(context.target, probe),
        { kind: 'refusal', status: 401 },
        'ignored_auth',
        probe,
        `with ${attempt.label}`,
        `${operation.id} must answer 401 to ${attempt.label}, before doing anything else.`,
      ),
    );
  }
  return problems;
}
