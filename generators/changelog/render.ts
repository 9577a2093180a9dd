/**
 * CHANGELOG.md of a generated package: the breaking gate's classification of the API description
 * between its last released version and now (the IR's `release`), one line per change with its
 * rule id, breaking changes first, and the version bumps the gate advises. Same IR, same bytes.
 */
import type { Ir, IrChange } from '../core/ir.js';

function line(change: IrChange): string {
  const breaking = change.breaks.length > 0;
  const mark = breaking
    ? `**breaking** (${change.breaks.join(', ')})`
    : change.docsOnly
      ? 'docs'
      : 'compatible';
  return `- ${mark} \`${change.rule}\` ${change.where}: ${change.detail.replace(/\.$/, '')}.${breaking ? ` ${change.consequence}` : ''}`;
}

/** `packageName` names the package the file ships in, e.g. "assessment-service (Python)". */
export function renderChangelog(ir: Ir, packageName: string): string {
  const out = [`# Changelog: ${packageName}`, ''];
  const release = ir.release;
  if (!release) {
    out.push(
      `## ${ir.info.version}`,
      '',
      'No released version of the API description was named, so there is nothing to compare with. Name the last',
      'release (`npm run generate -- --released git:<ref>` or `--released <file>`; for a document the config lists,',
      '`released` in its entry in contract-kit.config.ts) and regenerate.',
      '',
    );
    return out.join('\n');
  }
  const ordered = [
    ...release.changes.filter((change) => change.breaks.length > 0),
    ...release.changes.filter((change) => change.breaks.length === 0),
  ];
  out.push(
    `## Since ${release.version} (${release.label})`,
    '',
    `The API description went ${release.version} → ${ir.info.version}. Advised bump (\`npm run check:breaking\`'s rules): **${release.advice}** for the`,
    `API's info.version, **${release.sdkAdvice}** for this package (a change that breaks only SDK signatures is major for the package).`,
    '',
    ...(ordered.length === 0 ? ['No changes.'] : ordered.map(line)),
    '',
    ...(release.unchecked ? [`Not compared: ${release.unchecked}.`, ''] : []),
  );
  return out.join('\n');
}
