/**
 * The one place that decides how generated TypeScript looks: every emitter builds its code in
 * a project from this factory and prints it with these settings (an in-memory file system, so
 * generation never touches the disk).
 */
import { IndentationText, NewLineKind, Project, QuoteKind, type SourceFileStructure, type OptionalKind } from 'ts-morph';

export function createProject(): Project {
  return new Project({
    useInMemoryFileSystem: true,
    skipFileDependencyResolution: true,
    compilerOptions: { strict: true },
    manipulationSettings: {
      indentationText: IndentationText.TwoSpaces,
      newLineKind: NewLineKind.LineFeed,
      quoteKind: QuoteKind.Single,
      useTrailingCommas: true,
    },
  });
}

/** Prints a file built from a structure. */
export function printStructure(project: Project, fileName: string, structure: OptionalKind<SourceFileStructure>): string {
  const file = project.createSourceFile(fileName, structure, { overwrite: true });
  const text = file.getFullText();
  project.removeSourceFile(file);
  return text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * A module of exported JSON constants. Data is not code: printing megabytes of literal through
 * ts-morph only to have it re-parsed costs seconds on large specs, so data modules are rendered
 * directly. Example: `export const ROUTES: RouteSpec[] = [ ... ];`
 */
export function dataModule(imports: string[], constants: Array<{ name: string; doc: string; type?: string; value: unknown }>): string {
  const body = constants.map(({ name, doc, type, value }) => `/** ${doc} */\nexport const ${name}${type ? `: ${type}` : ''} = ${JSON.stringify(value, null, 2)};\n`);
  return [...(imports.length ? [imports.join('\n'), ''] : []), body.join('\n')].join('\n');
}
