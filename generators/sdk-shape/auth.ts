/**
 * How an SDK sends credentials, decided per operation, once for every language, from the
 * operation's security requirements (OpenAPI "Security Requirement Object"; any alternative
 * suffices, every scheme of one is needed):
 *
 * - `security: []` (no alternatives): no credentials at all.
 * - Otherwise the first alternative the client can satisfy decides where its one credential goes:
 *   `http` bearer, `oauth2` and `openIdConnect` as `Authorization: Bearer <credential>`; `http`
 *   basic as `Authorization: Basic base64(<credential>)`, the credential being `user:password`
 *   (one option, as curl's `-u` takes it); an `apiKey` in its header, query parameter or cookie.
 *   The client's credential is the kind most operations accept (a tie: the one used first), so
 *   an operation that also accepts it gets it there (Scalar Galaxy's `GET /me` lists basic first,
 *   then bearer, which every other operation takes: bearer); one that does not gets its first
 *   alternative the SDKs can express (Petstore's `api_key`-only operations: that header).
 * - An empty alternative (`{}`) makes the credential optional: sent when the client has one.
 * - The client holds one credential (`apiKey`), the common case: an alternative that needs several
 *   at once is passed over for a later one-scheme alternative; when it is the only kind, the
 *   credential goes in its first expressible scheme and the caller sends the others
 *   (`defaultHeaders`, per-call headers or query). The exception is a cookie session with the
 *   header apiKey required beside it, its CSRF token (the dashboard's `session` + `csrf`): a cookie
 *   placement carries that header wherever the cookie goes.
 * - An operation with no alternative the SDKs can express (`mutualTLS`, http digest, an unknown
 *   type), and no `{}` either, stops the SDK emitters with the file and the pointer of its security
 *   requirements: it is never sent as something else. (One that allows `{}` is called without.)
 */
import { SpecError } from '../core/load.js';
import { UnsupportedSpecError } from '../core/build-ir.js';
import type { Ir, IrOperation, IrSecurityScheme } from '../core/ir.js';

/** Where one credential goes on the wire. */
export type Credential =
  | { kind: 'bearer' }
  | { kind: 'basic' }
  | { kind: 'header'; name: string }
  | { kind: 'query'; name: string }
  | { kind: 'cookie'; name: string; csrfHeader?: string };

/** How one operation sends credentials; absent from a wire plan when it sends none. */
export type OperationAuth = Credential & {
  /** The operation also takes no credentials (`{}` among its alternatives): sent only when the client has one. */
  optional?: true;
};

/** What the client as a whole needs to know about credentials. */
export interface AuthPlan {
  /** Every placement some operation uses, in the order operations first use them (READMEs, redaction). */
  credentials: Credential[];
  /** Some operation requires a credential (none of its alternatives is empty). */
  required: boolean;
  /** Some operation requires a credential that is not a cookie: a browser, which holds its own cookies, still needs the key. */
  keyRequired: boolean;
  /** Some operation sends a cookie session (browsers: fetch sends the cookie with `credentials: 'same-origin'`). */
  cookieSession: boolean;
  /** How many operations send no credentials (`security: []`, or none declared). */
  withoutCredentials: number;
}

/**
 * Each operation's auth (undefined: no credentials), the client's plan over them, and the error
 * that stops an SDK's generation when some operation has no alternative the SDKs can send (one
 * problem per requirement list, at its pointer; those operations are left without auth here).
 */
export function authPlans(ir: Ir): {
  plan: AuthPlan;
  byOperation: Map<IrOperation, OperationAuth | undefined>;
  unsupported?: UnsupportedSpecError;
} {
  const schemes = new Map(ir.securitySchemes.map((scheme) => [scheme.name, scheme]));
  const csrfHeaders = csrfPartners(ir, schemes);
  const byOperation = new Map<IrOperation, OperationAuth | undefined>();
  const problems = new Map<string, string>();
  const primary = primaryCredential(ir, schemes, csrfHeaders);
  for (const operation of ir.operations) {
    const found = operationAuth(operation, schemes, csrfHeaders, primary);
    if (typeof found === 'string') {
      const pointer = operation.security.pointer ?? '';
      if (!problems.has(pointer)) problems.set(pointer, found);
    } else byOperation.set(operation, found);
  }
  const unsupported =
    problems.size > 0
      ? new UnsupportedSpecError(
          [...problems].map(
            ([pointer, message]) => new SpecError(ir.source, pointer, `not supported: ${message}`),
          ),
        )
      : undefined;
  const credentials: Credential[] = [];
  for (const auth of byOperation.values()) {
    if (!auth) continue;
    const { optional: _optional, ...credential } = auth;
    if (!credentials.some((known) => JSON.stringify(known) === JSON.stringify(credential)))
      credentials.push(credential);
  }
  const requiredAuths = [...byOperation.values()].filter(
    (auth): auth is OperationAuth => auth !== undefined && !auth.optional,
  );
  return {
    plan: {
      credentials,
      required: requiredAuths.length > 0,
      keyRequired: requiredAuths.some((auth) => auth.kind !== 'cookie'),
      cookieSession: credentials.some((credential) => credential.kind === 'cookie'),
      withoutCredentials: ir.operations.filter(
        (operation) => byOperation.has(operation) && !byOperation.get(operation),
      ).length,
    },
    byOperation,
    ...(unsupported ? { unsupported } : {}),
  };
}

/** One operation's auth, undefined when it sends none, or why no alternative can be sent. */
function operationAuth(
  operation: IrOperation,
  schemes: Map<string, IrSecurityScheme>,
  csrfHeaders: Map<string, string>,
  primary: string | undefined,
): OperationAuth | undefined | string {
  const { alternatives } = operation.security;
  if (alternatives.length === 0) return undefined;
  const optional = alternatives.some((alternative) => alternative.length === 0);
  const withCredentials = alternatives.filter((alternative) => alternative.length > 0);
  if (withCredentials.length === 0) return undefined;
  // The client's own credential where the operation takes it; else the first alternative one credential satisfies; else the first the SDKs can express at all.
  const candidates = singleCredentials(withCredentials, schemes, csrfHeaders);
  let chosen = candidates.find((credential) => JSON.stringify(credential) === primary) ?? candidates[0];
  if (!chosen) {
    for (const alternative of withCredentials) {
      const placements = alternative.map((requirement) => placement(schemes.get(requirement.scheme)));
      if (placements.every((candidate) => candidate !== undefined)) {
        chosen = placements[0];
        break;
      }
    }
  }
  if (!chosen && optional) return undefined; // nothing sendable, but none is needed either
  if (!chosen) {
    const names = [...new Set(withCredentials.flat().map((requirement) => requirement.scheme))];
    const described = names.map((name) => `"${name}" (${describe(schemes.get(name))})`).join(', ');
    return `${operation.method.toUpperCase()} ${operation.path} requires ${described}, which the SDKs cannot send (they send http bearer and basic, oauth2, openIdConnect and apiKey schemes); add an alternative they can send, or \`{}\` if credentials are optional`;
  }
  const withCsrf =
    chosen.kind === 'cookie' && !chosen.csrfHeader ? cookieWithCsrf(chosen, schemes, csrfHeaders) : chosen;
  return { ...withCsrf, ...(optional ? { optional: true as const } : {}) };
}

/** The credentials one key satisfies, in the order of the alternatives (an alternative needing two keys, or a scheme the SDKs cannot send, has none). */
function singleCredentials(
  alternatives: Array<Array<{ scheme: string }>>,
  schemes: Map<string, IrSecurityScheme>,
  csrfHeaders: Map<string, string>,
): Credential[] {
  const credentialOf = (alternative: Array<{ scheme: string }>): Credential | undefined => {
    const placed = alternative.map((requirement) => ({
      name: requirement.scheme,
      credential: placement(schemes.get(requirement.scheme)),
    }));
    if (placed.some((entry) => !entry.credential)) return undefined; // every scheme of an alternative is needed
    const cookie = placed.find((entry) => entry.credential!.kind === 'cookie');
    const csrf = cookie ? csrfHeaders.get(cookie.name) : undefined;
    const rest = placed.filter(
      (entry) =>
        entry !== cookie &&
        !(
          csrf &&
          entry.credential!.kind === 'header' &&
          (entry.credential as { name: string }).name === csrf
        ),
    );
    if (cookie && rest.length === 0) return cookie.credential!;
    return rest.length === 1 && !cookie ? rest[0].credential! : undefined;
  };
  return alternatives
    .map(credentialOf)
    .filter((credential): credential is Credential => credential !== undefined);
}

/** The credential the client holds (as JSON text): the one most operations accept, a tie going to the one used first. */
function primaryCredential(
  ir: Ir,
  schemes: Map<string, IrSecurityScheme>,
  csrfHeaders: Map<string, string>,
): string | undefined {
  const counts = new Map<string, number>(); // insertion order: first use first
  for (const operation of ir.operations) {
    const accepted = new Set(
      singleCredentials(
        operation.security.alternatives.filter((alternative) => alternative.length > 0),
        schemes,
        csrfHeaders,
      ).map((credential) => JSON.stringify(credential)),
    );
    for (const key of accepted) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  let best: string | undefined;
  for (const [key, count] of counts) if (best === undefined || count > counts.get(best)!) best = key;
  return best;
}

/** A cookie session carries its CSRF header wherever it goes (the dashboard's pages set one token for every call). */
function cookieWithCsrf(
  cookie: Credential & { kind: 'cookie' },
  schemes: Map<string, IrSecurityScheme>,
  csrfHeaders: Map<string, string>,
): Credential {
  const schemeName = [...schemes.values()].find(
    (scheme) => scheme.type === 'apiKey' && scheme.in === 'cookie' && scheme.parameterName === cookie.name,
  )?.name;
  const csrf = schemeName ? csrfHeaders.get(schemeName) : undefined;
  return csrf ? { ...cookie, csrfHeader: csrf } : cookie;
}

/** Cookie scheme name -> the header apiKey an alternative requires beside it (its CSRF token). */
function csrfPartners(ir: Ir, schemes: Map<string, IrSecurityScheme>): Map<string, string> {
  const partners = new Map<string, string>();
  for (const alternative of ir.operations.flatMap((operation) => operation.security.alternatives)) {
    const cookie = alternative.find(
      (requirement) => placement(schemes.get(requirement.scheme))?.kind === 'cookie',
    );
    const header = alternative
      .map((requirement) => placement(schemes.get(requirement.scheme)))
      .find((candidate) => candidate?.kind === 'header');
    if (cookie && header?.kind === 'header' && alternative.length === 2 && !partners.has(cookie.scheme))
      partners.set(cookie.scheme, header.name);
  }
  return partners;
}

/** Where a scheme's credential goes, or undefined when the SDKs cannot send it. */
function placement(scheme: IrSecurityScheme | undefined): Credential | undefined {
  if (!scheme) return undefined;
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { kind: 'bearer' };
  if (scheme.type === 'http' && scheme.scheme === 'bearer') return { kind: 'bearer' };
  if (scheme.type === 'http' && scheme.scheme === 'basic') return { kind: 'basic' };
  if (scheme.type === 'apiKey' && scheme.parameterName) {
    if (scheme.in === 'header') return { kind: 'header', name: scheme.parameterName };
    if (scheme.in === 'query') return { kind: 'query', name: scheme.parameterName };
    if (scheme.in === 'cookie') return { kind: 'cookie', name: scheme.parameterName };
  }
  return undefined;
}

function describe(scheme: IrSecurityScheme | undefined): string {
  if (!scheme) return 'not declared in components.securitySchemes';
  if (scheme.type === 'http') return `http ${scheme.scheme ?? 'without a scheme'}`;
  if (scheme.type === 'apiKey')
    return `apiKey${scheme.in ? ` in ${scheme.in}` : ''}${scheme.parameterName ? '' : ' without a name'}`;
  return scheme.type;
}

/** A credential's placement in README words: "`Authorization: Bearer <key>`", "the `api_key` query parameter". */
export function credentialText(
  credential: Credential,
  sdk: { sendsCsrf: boolean } = { sendsCsrf: true },
): string {
  switch (credential.kind) {
    case 'bearer':
      return '`Authorization: Bearer <key>`';
    case 'basic':
      return '`Authorization: Basic <base64 of the key>` (HTTP basic: give the key as `user:password`)';
    case 'query':
      return `the \`${credential.name}\` query parameter`;
    case 'cookie':
      return `the \`${credential.name}\` cookie${credential.csrfHeader && sdk.sendsCsrf ? ` (with the CSRF token in \`${credential.csrfHeader}\`)` : ''}`;
    default:
      return `the \`${credential.name}\` header`;
  }
}

/** How the key is sent, in README words, for both SDKs' option tables (what follows "The API key, "). */
export function authText(plan: AuthPlan, sdk: { sendsCsrf: boolean } = { sendsCsrf: true }): string {
  const publicOperations = plan.withoutCredentials;
  if (plan.credentials.length === 0) return 'unused: the API declares no security';
  const places = plan.credentials.map((credential) => credentialText(credential, sdk));
  const where =
    places.length === 1
      ? `sent as ${places[0]}`
      : `sent where each operation asks: ${places.slice(0, -1).join(', ')} or ${places.at(-1)}`;
  return `${where}${publicOperations > 0 ? `; never with the ${publicOperations} operation${publicOperations === 1 ? '' : 's'} that need${publicOperations === 1 ? 's' : ''} none` : ''}`;
}
