/**
 * The schema patterns of a document that JavaScript cannot compile, even as ecma-pattern.ts
 * translates them: each checker compiles patterns with `u` (Ajv, the contract suites, the
 * runtimes' validators), so the stubs answered 500 to every request an operation's schema with one
 * judged (AWS autoscaling-plans' Java intersection `[\p{Print}&&[^|:/]]+`). Generation refuses
 * such a spec with the pattern's pointer, as it refuses other schemas nothing can read.
 *
 * The walk reads keys as OpenAPI and JSON Schema give them meaning: under `properties`, `schemas`,
 * `paths`, `content` and the other maps of names a key is a name (a property may be called
 * `pattern` or `default`), and examples, enums, defaults and extensions are data, never read.
 */
import { ecmaPattern } from './ecma-pattern.js';
import { escapePointerPart } from './refs.js';

/** Keys whose values are maps from names (of properties, schemas, paths, media types, …) to objects. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  'dependentSchemas',
  '$defs',
  'definitions',
  'schemas',
  'responses',
  'parameters',
  'headers',
  'content',
  'encoding',
  'paths',
  'webhooks',
  'pathItems',
  'callbacks',
  'links',
  'requestBodies',
  'securitySchemes',
  'variables',
  'mapping',
  'scopes',
]);
/** Keywords whose values are data (examples and the values a schema lists), not schemas. */
const DATA = new Set(['example', 'examples', 'enum', 'const', 'default', 'value']);

export interface UnreadablePattern {
  /** The pattern keyword's JSON pointer. */
  pointer: string;
  pattern: string;
  /** JavaScript's reason, e.g. "Invalid property name in character class". */
  reason: string;
}

const verdicts = new Map<string, string | null>();

/** Why `u` mode refuses the pattern as translated, or null when it compiles. */
function refusal(pattern: string): string | null {
  let verdict = verdicts.get(pattern);
  if (verdict === undefined) {
    try {
      new RegExp(ecmaPattern(pattern), 'u');
      verdict = null;
    } catch (error) {
      verdict = (error as Error).message.replace(/^Invalid regular expression: \/.*\/u?: /s, '');
    }
    verdicts.set(pattern, verdict);
  }
  return verdict;
}

export function unreadablePatterns(document: unknown): UnreadablePattern[] {
  const found: UnreadablePattern[] = [];
  // The keys on the way down; a pointer is spelled only for a pattern refused.
  const keys: string[] = [];
  const pointer = () => keys.map((key) => `/${escapePointerPart(key)}`).join('');
  const visit = (node: unknown, keysAreNames: boolean) => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        keys.push(String(index));
        visit(node[index], false);
        keys.pop();
      }
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const child = (node as Record<string, unknown>)[key];
      if (!keysAreNames) {
        if (DATA.has(key) || key.startsWith('x-')) continue;
        if (key === 'pattern' && typeof child === 'string') {
          const reason = refusal(child);
          if (reason !== null) {
            keys.push(key);
            found.push({ pointer: pointer(), pattern: child, reason });
            keys.pop();
          }
          continue;
        }
      }
      if (!child || typeof child !== 'object') continue;
      keys.push(key);
      visit(child, !keysAreNames && NAME_MAPS.has(key));
      keys.pop();
    }
  };
  visit(document, false);
  return found;
}
