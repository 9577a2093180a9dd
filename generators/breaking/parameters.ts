/**
 * Parameters of an operation (the client writes them, our server reads them), or the headers our
 * server sends with a webhook (the receiver reads them). Matched by location and name; a path
 * parameter at the same place under another name is a rename, a name found in another location
 * a move.
 */
import {
  join,
  same,
  show,
  type Channel,
  type Comparison,
  type Json,
  type Located,
  type Operation,
} from './context.js';
import { compareSchemas } from './schema.js';

const pathParams = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
const defaultStyle = (location: string) =>
  location === 'query' || location === 'cookie' ? 'form' : 'simple';
const keyOf = (node: Json) =>
  `${node.in}:${node.in === 'header' ? String(node.name).toLowerCase() : node.name}`;
const isRequired = (node: Json) => node.in === 'path' || node.required === true;
/** The keywords compared below, so a difference in them is accounted for. */
const KEYWORDS = [
  'name',
  'in',
  'required',
  'deprecated',
  'style',
  'explode',
  'allowReserved',
  'allowEmptyValue',
];

export function compareParameters(
  c: Comparison,
  before: Operation,
  after: Operation,
  where: string,
  channel: Channel,
): void {
  const webhook = channel === 'webhook';
  const renamed = new Map<string, string>();
  // Path parameters are positional on the wire: a different name at the same place is a rename.
  const bNames = pathParams(before.path);
  const hNames = pathParams(after.path);
  if (!webhook && bNames.length === hNames.length)
    bNames.forEach(
      (name, index) => name !== hNames[index] && renamed.set(`path:${name}`, `path:${hNames[index]}`),
    );
  const seenHead = new Set<string>();
  for (const [key, param] of before.parameters) {
    const headKey = renamed.get(key) ?? key;
    const other = after.parameters.get(headKey);
    const name = `${param.node.in} parameter ${param.node.name}`;
    if (!other) {
      c.mark('base', param.pointer);
      const movedTo = [...after.parameters.values()].find(
        (candidate) =>
          candidate.node.name === param.node.name && !before.parameters.has(keyOf(candidate.node)),
      );
      if (movedTo && !webhook) {
        seenHead.add(keyOf(movedTo.node));
        c.mark('head', movedTo.pointer);
        c.add(
          'request-parameter-location-changed',
          `${where} ${name}`,
          movedTo.pointer,
          undefined,
          `${param.node.name} moved from ${param.node.in} to ${movedTo.node.in}`,
        );
      } else
        c.add(
          webhook ? 'webhook-header-removed' : 'request-parameter-removed',
          `${where} ${name}`,
          undefined,
          param.pointer,
          `${name} removed`,
        );
      continue;
    }
    seenHead.add(headKey);
    if (headKey !== key)
      c.add(
        'request-parameter-renamed',
        `${where} ${name}`,
        join(other.pointer, 'name'),
        undefined,
        `path parameter {${param.node.name}} renamed {${other.node.name}}`,
      );
    compareParameter(c, param, other, `${where} ${name}`, channel);
  }
  for (const [key, param] of after.parameters) {
    if (seenHead.has(key) || before.parameters.has(key)) continue;
    c.mark('head', param.pointer);
    const name = `${param.node.in} parameter ${param.node.name}`;
    const required = isRequired(param.node);
    const rule = webhook
      ? 'webhook-header-added'
      : required
        ? 'request-parameter-required-added'
        : 'request-parameter-optional-added';
    c.add(
      rule,
      `${where} ${name}`,
      param.pointer,
      undefined,
      `${required ? 'required' : 'optional'} ${name} added`,
    );
  }
}

function compareParameter(c: Comparison, b: Located, h: Located, where: string, channel: Channel): void {
  const webhook = channel === 'webhook';
  c.markBoth(
    b.pointer,
    h.pointer,
    ...KEYWORDS,
    ...(b.node.schema === undefined || h.node.schema === undefined ? ['schema'] : []),
  );
  if (isRequired(b.node) !== isRequired(h.node)) {
    const became = isRequired(h.node) ? 'required' : 'optional';
    c.add(
      webhook ? `webhook-header-became-${became}` : `request-parameter-became-${became}`,
      where,
      join(h.pointer, 'required'),
      undefined,
      `required ${isRequired(b.node)} → ${isRequired(h.node)}`,
    );
  }
  if (!!b.node.deprecated !== !!h.node.deprecated)
    c.add(
      webhook ? 'docs-changed' : 'request-parameter-deprecated',
      where,
      join(h.pointer, 'deprecated'),
      undefined,
      `deprecated ${!!b.node.deprecated} → ${!!h.node.deprecated}`,
    );
  const serialisation = (node: Json) => [
    node.style ?? defaultStyle(node.in),
    node.explode ?? (node.style ?? defaultStyle(node.in)) === 'form',
    !!node.allowReserved,
  ];
  if (!same(serialisation(b.node), serialisation(h.node)))
    c.add(
      'request-parameter-serialization-changed',
      where,
      h.pointer,
      undefined,
      `style/explode ${show(serialisation(b.node))} → ${show(serialisation(h.node))}`,
    );
  if (b.node.schema !== undefined || h.node.schema !== undefined)
    compareSchemas(
      c,
      webhook ? 'webhook-payload' : 'request',
      { node: b.node.schema ?? {}, pointer: join(b.pointer, 'schema') },
      { node: h.node.schema ?? {}, pointer: join(h.pointer, 'schema') },
      where,
    );
}
