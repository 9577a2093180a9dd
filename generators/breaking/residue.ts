/**
 * What no walk accounted for: every raw difference between the documents (`json-diff.ts`) that
 * no rule claimed becomes `docs-changed`, `extension-changed`, `component-unused-changed` or, when
 * nothing explains it, `unclassified` (which fails the gate until a person reviews it). When
 * the walks claimed every difference without a finding (an equivalent rewrite), that is said
 * too, so "no changes" is printed only for equal documents.
 */
import { pointerToPath } from '../core/refs.js';
import { join, valueAt, type Comparison } from './context.js';
import { jsonDiff } from './json-diff.js';

const DOCS = new Set([
  'description',
  'summary',
  'title',
  'example',
  'examples',
  'externalDocs',
  '$comment',
  'tags',
  'xml',
  'contact',
  'license',
  'termsOfService',
]);
/** Map-like keywords: the segment after them is a name, not a keyword. */
const NAMED = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'schemas',
  'parameters',
  'headers',
  'responses',
  'examples',
  'links',
  'callbacks',
  'securitySchemes',
  'requestBodies',
  'pathItems',
  'webhooks',
  'x-webhooks', // OpenAPI 3.0's webhooks (or our signing settings, whose keys are never extensions)
  'paths',
  'content',
  'variables',
  'mapping',
  'scopes',
  'encoding',
]);

export function reportResidue(c: Comparison): void {
  // One finding per changed documentation keyword, extension or component, not per leaf under it.
  const reported = new Set<string>();
  let claimed: string | undefined;
  for (const difference of jsonDiff(c.base, c.head)) {
    if (
      (difference.base !== undefined && c.isHandled('base', difference.base)) ||
      (difference.head !== undefined && c.isHandled('head', difference.head))
    ) {
      claimed ??= difference.head ?? difference.base;
      continue;
    }
    const pointer = difference.head ?? difference.base!;
    const parts = pointerToPath(`#${pointer}`);
    const keywordIndex = (test: (part: string) => boolean) =>
      parts.findIndex(
        (part, index) =>
          test(part) && !NAMED.has(parts[index - 1] ?? '') && parts[index - 1] !== 'components',
      );
    const upTo = (index: number) => join('', ...parts.slice(0, index + 1));
    let rule = 'unclassified';
    let unit = pointer;
    const docs = keywordIndex((part) => DOCS.has(part));
    const extension = keywordIndex((part) => part.startsWith('x-'));
    // info's own fields each (its summary, its version), so each is shown as it was and is.
    if (parts[0] === 'info') [rule, unit] = ['docs-changed', upTo(Math.min(1, parts.length - 1))];
    else if (['tags', 'externalDocs', 'openapi'].includes(parts[0])) [rule, unit] = ['docs-changed', upTo(0)];
    // Root security that every operation overrides reaches no request.
    else if (parts[0] === 'security') [rule, unit] = ['component-unused-changed', upTo(0)];
    else if (docs >= 0) [rule, unit] = ['docs-changed', upTo(docs)];
    else if (extension >= 0) [rule, unit] = ['extension-changed', upTo(extension)];
    else if (parts[0] === 'components' && parts[1] === 'examples') [rule, unit] = ['docs-changed', upTo(2)];
    else if (parts[0] === 'components' && !c.wasReached('base', pointer) && !c.wasReached('head', pointer))
      [rule, unit] = ['component-unused-changed', upTo(2)];
    if (reported.has(`${rule}|${unit}`)) continue;
    reported.add(`${rule}|${unit}`);
    const [before, after] = [valueAt(c.base, unit), valueAt(c.head, unit)];
    c.add(rule, placeOf(unit), after !== undefined ? unit : undefined, unit, changeOf(before, after));
  }
  if (!c.findings.length && claimed !== undefined)
    c.add(
      'equivalent-rewrite',
      claimed || '/',
      valueAt(c.head, claimed) === undefined ? undefined : claimed,
      claimed,
      'rewritten without changing what is valid',
    );
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/**
 * A pointer as a reader names the place: `POST /v1/subjects summary`, `webhook subject.created
 * post description`, `components schemas Subject description`; `/` for the whole document.
 */
function placeOf(pointer: string): string {
  const parts = pointerToPath(`#${pointer}`);
  if (parts.length === 0) return '/';
  const [root, name, method, ...rest] = parts;
  if (root === 'paths' && name !== undefined) {
    if (method !== undefined && METHODS.has(method))
      return [`${method.toUpperCase()} ${name}`, ...rest].join(' ');
    return [name, ...parts.slice(2)].join(' ');
  }
  if ((root === 'webhooks' || root === 'x-webhooks') && name !== undefined)
    return [`webhook ${name}`, ...parts.slice(2)].join(' ');
  return parts.join(' ');
}

/** What became of a value: a short text is quoted before and after, anything else named. */
function changeOf(before: unknown, after: unknown): string {
  const quoted = (value: unknown) => {
    if (typeof value !== 'string') return undefined;
    const line = value.trim().split('\n')[0]!;
    return (
      JSON.stringify(line.length > 80 ? `${line.slice(0, 79)}…` : line) + (line === value.trim() ? '' : ' …')
    );
  };
  if (before === undefined)
    return after === undefined ? 'changed' : `added${quoted(after) ? `: ${quoted(after)}` : ''}`;
  if (after === undefined) return `removed${quoted(before) ? `: ${quoted(before)}` : ''}`;
  const [was, now] = [quoted(before), quoted(after)];
  // Two long texts that differ after their first lines read the same shortened: say only that.
  return was !== undefined && now !== undefined && was !== now ? `changed: ${was} → ${now}` : 'changed';
}
