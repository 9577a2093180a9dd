/**
 * A generation's warnings as `generate` and `dev` print them: a warning the spec earns at many
 * places is printed at its first few, then counted (Trello's 600 lines were two warnings at 300
 * places each, and the other warnings scrolled away behind them). `--all-warnings` prints every one.
 */

/** How many places of one warning are printed before the rest are counted. */
export const PLACES_SHOWN = 3;

/**
 * The lines to print, `warning: ` first, each distinct warning once: every one with `all`, else
 * each kind (the message after the `file#pointer: ` that places it) at its first PLACES_SHOWN
 * places and a count of the rest, in the order each kind first appears.
 */
export function warningLines(warnings: string[], { all = false }: { all?: boolean } = {}): string[] {
  // The same warning at the same place, once (a shared component's, met from each operation using it).
  const unique = [...new Set(warnings)];
  if (all) return unique.map((warning) => `warning: ${warning}`);
  const byKind = new Map<string, string[]>();
  for (const warning of unique) {
    const kind = kindOf(warning);
    const same = byKind.get(kind);
    if (same) same.push(warning);
    else byKind.set(kind, [warning]);
  }
  return [...byKind.values()].flatMap((same) => [
    ...same.slice(0, PLACES_SHOWN).map((warning) => `warning: ${warning}`),
    ...(same.length > PLACES_SHOWN
      ? [
          `warning: … the same at ${same.length - PLACES_SHOWN} more place${same.length - PLACES_SHOWN === 1 ? '' : 's'} (\`generate --all-warnings\` lists every one)`,
        ]
      : []),
  ]);
}

/** A warning without its place: `spec.yaml#/paths/~1a/get: message` is `message`; one without a place is itself. */
function kindOf(warning: string): string {
  const placed = /^\S*#\S*: (.*)$/s.exec(warning);
  return placed ? placed[1] : warning;
}
