/**
 * Kinds: a finding's message made the same for every spec it occurs in, so that the report can
 * group "TS2339 in contract-tests/core/cleanup.ts" across 40 specs into one line. What varies from
 * spec to spec (names in quotes, numbers, paths, operation IDs, long values) becomes a placeholder.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A message with its spec-specific parts replaced: this spec's names (operation IDs, its file) ‹name›,
 * quoted text ‹…›, URL paths ‹path›, JSON pointers ‹pointer›, numbers ‹n› (HTTP statuses stay: a
 * 405 and a 422 are different kinds), a generated class ‹class›, and a list of names one ‹…›.
 */
export function normalizeMessage(message: string, names: string[] = []): string {
  let text = message.split('\n')[0].trim();
  // Longest first, so that a name that is a prefix of another does not win; whole words only (an
  // operation `connect` leaves `NetDisconnect` alone).
  for (const name of [...new Set(names)]
    .filter((each) => each.length > 3)
    .sort((a, b) => b.length - a.length))
    text = text.replace(new RegExp(`(?<![\\w.])${escapeRegExp(name)}(?![\\w])`, 'g'), '‹name›');
  return text
    .replace(/'[^']*'|"[^"]*"|`[^`]*`/g, '‹…›')
    .replace(/#\/[^\s,)]*/g, '#‹pointer›')
    .replace(/(^|[\s(=,[])\/[^\s,:)\]]*/g, '$1‹path›')
    .replace(/\b(GET|PUT|POST|DELETE|PATCH|HEAD|OPTIONS|TRACE) ‹path›/g, '‹method› ‹path›')
    .replace(/\$\.[\w.$[\]-]+/g, '‹field›')
    .replace(/\b[\w-]*[0-9a-f]{8,}[\w-]*\b/g, '‹id›')
    .replace(/\b(?![1-5]\d\d\b)\d+(\.\d+)?\b/g, '‹n›')
    .replace(/\b[A-Z][A-Za-z0-9]*\.(\w+)\(\)/g, '‹class›.$1()')
    .replace(/‹…›(?:,? (?:and )?‹…›)+/g, '‹…›')
    .replace(/\barguments\b/g, 'argument')
    .replace(/\s+/g, ' ')
    .slice(0, 200);
}

/**
 * The cause in a normalized finding message, without the request that showed it: what follows the
 * last operation or path (`unknown enum value for ‹field›: ‹name›: refused with 422, …` -> `refused
 * with 422, …`), a closing parenthesis of particulars left out (`(the spec declares GET, POST)`).
 */
export function causeOf(normalized: string): string {
  const at = Math.max(normalized.lastIndexOf('‹name›: '), normalized.lastIndexOf('‹path›: '));
  const cause = at >= 0 ? normalized.slice(at + '‹name›: '.length) : normalized;
  return cause.replace(/\s*\([^()]*\)\s*$/, '') || normalized;
}

/** At most `max` characters of a detail (a finding's own message, for the report). */
export function shorten(text: string, max = 300): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/**
 * A generated file's role: a runtime file keeps its path (`server/core/plugin.ts`, the same in every
 * output), a file named after the spec's resources becomes a pattern (`client/src/resources/*.ts`).
 */
export function fileRole(relative: string): string {
  const parts = relative.split('/');
  if (parts.includes('core')) return relative;
  const fixed = new Set([
    'client/src/client.ts',
    'client/src/index.ts',
    'client/src/models.ts',
    'client/src/operations.ts',
    'client/src/schema.ts',
    'client/src/webhooks.ts',
    'server/handlers.ts',
    'server/index.ts',
    'server/routes.ts',
    'server/facts.ts',
    'types/openapi.ts',
  ]);
  if (fixed.has(relative) || parts.length <= 2) return relative;
  return `${parts.slice(0, -1).join('/')}/*${relative.slice(relative.lastIndexOf('.'))}`;
}
