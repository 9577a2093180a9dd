/**
 * Who may call an operation: its security requirements (alternatives of schemes with scopes),
 * the key types it accepts (`x-key-types`), and the security schemes themselves.
 */
import { join, same, show, type Comparison, type Json, type Operation, type Side } from './context.js';

/** Security requirements as alternatives (OR) of schemes (AND), each with its scopes. */
type Requirement = Map<string, Set<string>>;
const requirementsOf = (security: Json): Requirement[] => {
  const list: Json[] = Array.isArray(security) ? security : [];
  if (!list.length) return [new Map()];
  return list.map(
    (entry) =>
      new Map(
        Object.entries<Json>(entry ?? {}).map(([scheme, scopes]) => [
          scheme,
          new Set<string>(Array.isArray(scopes) ? scopes : []),
        ]),
      ),
  );
};
/** Credentials that satisfy `have` also satisfy `need` when need asks for no more. */
const satisfies = (have: Requirement, need: Requirement) =>
  [...need].every(
    ([scheme, scopes]) => have.has(scheme) && [...scopes].every((scope) => have.get(scheme)!.has(scope)),
  );
const describe = (requirement: Requirement) =>
  requirement.size
    ? [...requirement]
        .map(([scheme, scopes]) => `${scheme}${scopes.size ? `[${[...scopes].join(', ')}]` : ''}`)
        .join(' + ')
    : 'no credentials';

export function compareSecurity(c: Comparison, before: Operation, after: Operation, where: string): void {
  // An operation without its own `security` inherits the document's.
  const effective = (side: Side, op: Operation) => {
    if (op.node.security !== undefined) {
      c.mark(side, join(op.pointer, 'security'));
      return { value: op.node.security, pointer: join(op.pointer, 'security') };
    }
    c.mark(side, '/security');
    return { value: c.document(side).security, pointer: '/security' };
  };
  const b = effective('base', before);
  const h = effective('head', after);
  const bReqs = requirementsOf(b.value);
  const hReqs = requirementsOf(h.value);
  for (const requirement of bReqs) {
    if (hReqs.some((candidate) => satisfies(requirement, candidate))) continue;
    // The same schemes with more scopes reads as "a new scope", anything else as a tighter requirement.
    const sameSchemes = hReqs.find(
      (candidate) =>
        candidate.size === requirement.size &&
        [...candidate.keys()].every((scheme) => requirement.has(scheme)) &&
        satisfies(candidate, requirement),
    );
    if (sameSchemes) {
      const added = [...sameSchemes].flatMap(([scheme, scopes]) =>
        [...scopes].filter((scope) => !requirement.get(scheme)!.has(scope)),
      );
      c.add(
        'security-scope-added',
        where,
        h.pointer,
        undefined,
        `needs scope ${added.join(', ')} (was ${describe(requirement)})`,
      );
    } else
      c.add(
        'security-requirement-tightened',
        where,
        h.pointer,
        undefined,
        `${describe(requirement)} no longer accepted (now ${hReqs.map(describe).join(' or ')})`,
      );
  }
  for (const requirement of hReqs) {
    if (bReqs.some((candidate) => satisfies(candidate, requirement) && satisfies(requirement, candidate)))
      continue;
    // Weaker than a base requirement: loosened; stronger: the tightening reported above; else a new way in.
    if (bReqs.some((candidate) => satisfies(candidate, requirement)))
      c.add(
        'security-requirement-loosened',
        where,
        h.pointer,
        undefined,
        `${describe(requirement)} now enough`,
      );
    else if (!bReqs.some((candidate) => satisfies(requirement, candidate)))
      c.add(
        'security-alternative-added',
        where,
        h.pointer,
        undefined,
        `${describe(requirement)} now accepted as an alternative`,
      );
  }
}

export function compareKeyTypes(c: Comparison, before: Operation, after: Operation, where: string): void {
  const b: unknown[] | undefined = before.node['x-key-types'];
  const h: unknown[] | undefined = after.node['x-key-types'];
  const pointer = join(after.pointer, 'x-key-types');
  c.markBoth(before.pointer, after.pointer, 'x-key-types');
  if (!Array.isArray(b) || !Array.isArray(h)) {
    if (!same(b, h))
      c.add('extension-changed', where, pointer, undefined, `x-key-types ${show(b)} → ${show(h)}`);
    return;
  }
  const removed = b.filter((type) => !h.includes(type));
  const added = h.filter((type) => !b.includes(type));
  if (removed.length)
    c.add(
      'key-type-removed',
      where,
      pointer,
      undefined,
      `key types no longer accepted: ${removed.join(', ')}`,
    );
  if (added.length)
    c.add('key-type-added', where, pointer, undefined, `key types now accepted: ${added.join(', ')}`);
}

/** How a client sends credentials for a scheme; scope descriptions and bearerFormat are documentation. */
const wire = (scheme: Json) => ({
  type: scheme.type,
  scheme: String(scheme.scheme ?? '').toLowerCase(),
  in: scheme.in,
  name: scheme.name,
  openIdConnectUrl: scheme.openIdConnectUrl,
  flows: Object.fromEntries(
    Object.entries<Json>(scheme.flows ?? {}).map(([flow, value]) => [
      flow,
      { authorizationUrl: value.authorizationUrl, tokenUrl: value.tokenUrl },
    ]),
  ),
});

export function compareSecuritySchemes(c: Comparison): void {
  const b: Record<string, Json> = c.base.components?.securitySchemes ?? {};
  const h: Record<string, Json> = c.head.components?.securitySchemes ?? {};
  for (const name of new Set([...Object.keys(b), ...Object.keys(h)])) {
    const pointer = join('', 'components', 'securitySchemes', name);
    const where = `security scheme ${name}`;
    if (!(name in h) || !(name in b)) {
      c.mark(name in b ? 'base' : 'head', pointer);
      c.add(
        name in b ? 'security-scheme-removed' : 'security-scheme-added',
        where,
        name in h ? pointer : undefined,
        name in b ? pointer : undefined,
        `scheme ${name} ${name in b ? 'removed' : 'added'}`,
      );
      continue;
    }
    c.markBoth(pointer, pointer, 'type', 'scheme', 'in', 'name', 'openIdConnectUrl', 'bearerFormat');
    for (const flow of new Set([...Object.keys(b[name].flows ?? {}), ...Object.keys(h[name].flows ?? {})])) {
      // Scope definitions are documentation; requirements are compared per operation.
      const flowPointer = join(pointer, 'flows', flow);
      c.markBoth(flowPointer, flowPointer, 'authorizationUrl', 'tokenUrl', 'refreshUrl', 'scopes');
    }
    const sameWire = same(wire(b[name]), wire(h[name]));
    if (!sameWire)
      c.add(
        'security-scheme-changed',
        where,
        pointer,
        undefined,
        `${show(wire(b[name]))} → ${show(wire(h[name]))}`,
      );
    else if (b[name].bearerFormat !== h[name].bearerFormat)
      c.add('docs-changed', where, join(pointer, 'bearerFormat'), undefined, 'bearerFormat changed');
    if (!same(b[name].flows, h[name].flows) && sameWire)
      c.add('docs-changed', where, join(pointer, 'flows'), undefined, 'scope descriptions changed');
  }
}
