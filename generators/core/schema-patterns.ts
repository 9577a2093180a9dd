/**
 * The schema patterns of a document that JavaScript cannot compile, even as ecma-pattern.ts
 * translates them: each checker compiles patterns with `u` (Ajv, the contract suites, the
 * runtimes' validators), so the stubs answered 500 to every request an operation's schema with one
 * judged (AWS autoscaling-plans' Java intersection `[\p{Print}&&[^|:/]]+`). Generation refuses
 * such a spec with the pattern's pointer, as it refuses other schemas nothing can read.
 *
 * The walk reads keys as OpenAPI and JSON Schema give them meaning: under the maps of names
 * (`properties`, `schemas`, `paths`, `content`, …) a key is a name (a property may be called
 * `pattern` or `default`); examples, enums, defaults and links are data, never read; extensions are
 * skipped, but for those the IR reads as schemas (`x-webhooks`, `x-item-schema`).
 */
import { ecmaPattern } from './ecma-pattern.js';
import { escapePointerPart } from './refs.js';
import { DATA_KEYWORDS, SCHEMA_NAME_MAPS } from './schema-keywords.js';

/** Maps of the OpenAPI document whose keys are names (an `x-` key there is an extension). */
const DOCUMENT_NAME_MAPS: ReadonlySet<string> = new Set([
  'responses',
  'parameters',
  'headers',
  'content',
  'encoding',
  'paths',
  'webhooks',
  'x-webhooks',
  'pathItems',
  'callbacks',
  'requestBodies',
  'securitySchemes',
]);
/** Objects that hold no schema (a link's `parameters` and `requestBody` are values). */
const NO_SCHEMAS: ReadonlySet<string> = new Set([
  'links',
  'servers',
  'security',
  'tags',
  'info',
  'externalDocs',
]);
/** Extensions the IR reads as schemas or webhooks. */
const READ_EXTENSIONS: ReadonlySet<string> = new Set(['x-webhooks', 'x-item-schema']);

export interface UnreadablePattern {
  /** The pointer of the `pattern` keyword, or of a `patternProperties` key. */
  pointer: string;
  pattern: string;
  /** JavaScript's reason, e.g. "Invalid property name in character class". */
  reason: string;
}

const verdicts = new Map<string, string | null>();

/** Why `u` mode refuses the pattern (translated first, unless it is a `patternProperties` key, which is compiled as written), or null. */
function refusal(pattern: string, translated: boolean): string | null {
  const key = `${translated ? 't' : 'r'}${pattern}`;
  let verdict = verdicts.get(key);
  if (verdict === undefined) {
    try {
      new RegExp(translated ? ecmaPattern(pattern) : pattern, 'u');
      verdict = null;
    } catch (error) {
      verdict = (error as Error).message.replace(/^Invalid regular expression: \/.*\/u?: /s, '');
    }
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** How a walk reads an object's keys: as keywords, as names of schemas, or as names in the document. */
type Keys = 'keywords' | 'schema names' | 'document names';

export function unreadablePatterns(document: unknown): UnreadablePattern[] {
  const found: UnreadablePattern[] = [];
  // The keys on the way down; a pointer is spelled only for a pattern refused.
  const keys: string[] = [];
  const refuse = (pattern: string, translated: boolean) => {
    const reason = refusal(pattern, translated);
    if (reason !== null)
      found.push({ pointer: keys.map((key) => `/${escapePointerPart(key)}`).join(''), pattern, reason });
  };
  const visit = (node: unknown, reading: Keys, patternKeys = false) => {
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length; index += 1) {
        keys.push(String(index));
        visit(node[index], 'keywords');
        keys.pop();
      }
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const child = (node as Record<string, unknown>)[key];
      keys.push(key);
      if (reading === 'keywords') {
        if (key === 'pattern' && typeof child === 'string') refuse(child, true);
        else if (
          !DATA_KEYWORDS.has(key) &&
          !NO_SCHEMAS.has(key) &&
          (!key.startsWith('x-') || READ_EXTENSIONS.has(key))
        )
          visit(
            child,
            SCHEMA_NAME_MAPS.has(key)
              ? 'schema names'
              : DOCUMENT_NAME_MAPS.has(key)
                ? 'document names'
                : 'keywords',
            key === 'patternProperties',
          );
      } else if (reading === 'schema names' || !key.startsWith('x-')) {
        if (patternKeys) refuse(key, false);
        visit(child, 'keywords');
      }
      keys.pop();
    }
  };
  visit(document, 'keywords');
  return found;
}
