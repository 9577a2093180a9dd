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

/** What `printStructure` reaches inside ts-morph 28: the printer `createSourceFile` uses. */
interface StructurePrinting {
  _context: {
    createWriter(): { toString(): string };
    structurePrinterFactory: { forSourceFile(options: { isAmbient: boolean }): { printText(writer: unknown, structure: unknown): void } };
  };
}

/**
 * Prints a file built from a structure. `project.createSourceFile(name, structure)` prints the
 * structure and then parses the text into a syntax tree that we would only read the text back
 * from; on a large spec that parse is a third of the client's time. So this runs the same printer
 * with the project's settings and stops at the text (the golden files hold it to the same bytes).
 */
export function printStructure(project: Project, fileName: string, structure: OptionalKind<SourceFileStructure>): string {
  const context = (project as unknown as StructurePrinting)._context;
  const writer = context.createWriter();
  context.structurePrinterFactory.forSourceFile({ isAmbient: fileName.endsWith('.d.ts') }).printText(writer, structure);
  const text = writer.toString();
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
