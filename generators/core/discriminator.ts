/**
 * Discriminator Object mappings (OAS 3.0 §4.7.25, 3.1 §4.8.25): a `mapping` value is a schema name
 * or a reference. A name (`Option One: OptionOneNoDisc`) means `#/components/schemas/OptionOneNoDisc`;
 * the loader rewrites it to that reference once, so every reader of the document (openapi-typescript,
 * Ajv in the server stubs and contract tests, the Python models) sees a reference it can resolve.
 */
import { escapePointerPart, resolvesIn } from './refs.js';
import type { OpenApiDocument } from './document.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from './schema-keywords.js';

/** A mapping value the document cannot resolve: where it is (JSON pointer) and why. */
export interface MappingProblem {
  pointer: string;
  reason: string;
}

/**
 * Rewrites every bare schema name among discriminator mapping values to `#/components/schemas/<name>`
 * (in place) and returns the values that resolve to nothing: a name no schema has, or a local
 * reference whose target is missing. A value that is neither (a file or URL reference the bundler
 * left) is a problem too: nothing downstream can follow it.
 */
export function normaliseDiscriminatorMappings(document: OpenApiDocument): MappingProblem[] {
  const problems: MappingProblem[] = [];
  const schemas = document.components?.schemas;
  const hasSchema = (name: string) =>
    Boolean(schemas) && typeof schemas === 'object' && Object.hasOwn(schemas, name);
  const resolves = (ref: string) => resolvesIn(document, ref);
  // Pointers are spelled only for discriminators found: a walk of GitHub's 13 MB spec spelling one
  // per node took 70 ms, more than its load.
  interface Step {
    node: unknown;
    key: string;
    parent?: Step;
    underNames: boolean;
  }
  const pointerOf = (step: Step): string =>
    step.parent ? `${pointerOf(step.parent)}/${escapePointerPart(step.key)}` : '';
  const stack: Step[] = [{ node: document, key: '', underNames: false }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { node, underNames } = step;
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        const item = node[index];
        if (item && typeof item === 'object')
          stack.push({ node: item, key: String(index), parent: step, underNames: false });
      }
      continue;
    }
    for (const key in node as object) {
      const child = (node as Record<string, unknown>)[key];
      // A key of a name map (`properties`, `schemas`, ...) is a name, not a keyword: a property called `default` is a schema.
      if (
        !child ||
        typeof child !== 'object' ||
        (!underNames && (DATA_KEYWORDS.has(key) || key.startsWith('x-')))
      )
        continue;
      if (key === 'discriminator' && !underNames && !Array.isArray(child)) {
        const mapping = (child as { mapping?: unknown }).mapping;
        if (mapping && typeof mapping === 'object' && !Array.isArray(mapping)) {
          const childPointer = `${pointerOf(step)}/discriminator`;
          for (const [name, value] of Object.entries(mapping as Record<string, unknown>)) {
            const at = `${childPointer}/mapping/${escapePointerPart(name)}`;
            if (typeof value !== 'string')
              problems.push({
                pointer: at,
                reason: `discriminator mapping value for '${name}' must be a schema name or a reference, found ${JSON.stringify(value)}`,
              });
            else if (value.startsWith('#')) {
              if (!resolves(value))
                problems.push({
                  pointer: at,
                  reason: `discriminator mapping '${name}': '${value}' does not exist`,
                });
            } else if (hasSchema(value))
              (mapping as Record<string, unknown>)[name] = `#/components/schemas/${escapePointerPart(value)}`;
            else if (/^[A-Za-z0-9._-]+$/.test(value))
              problems.push({
                pointer: at,
                reason: `discriminator mapping '${name}': '${value}' names no schema in #/components/schemas`,
              });
            else
              problems.push({
                pointer: at,
                reason: `discriminator mapping '${name}': '${value}' is not a schema name or a local reference (the bundle does not contain it)`,
              });
          }
        }
        continue;
      }
      // A `discriminator` under a name map is a property's name, not a Discriminator Object.
      stack.push({ node: child, key, parent: step, underNames: SCHEMA_NAME_MAPS.has(key) && !underNames });
    }
  }
  return problems.sort((a, b) => (a.pointer < b.pointer ? -1 : a.pointer > b.pointer ? 1 : 0));
}
