/**
 * The one place that decides how generated TypeScript looks: every emitter builds its code in
 * a project from this factory and prints it with these settings (an in-memory file system, so
 * generation never touches the disk).
 */
import {
  IndentationText,
  NewLineKind,
  Project,
  QuoteKind,
  StructureKind,
  VariableDeclarationKind,
  type OptionalKind,
  type SourceFileStructure,
} from 'ts-morph';

let shared: Project | undefined;

/**
 * The project every emitter prints in. One per process: printing (`printStructure`) adds no file to
 * it, and making one costs most of a millisecond, which a small spec's generation paid twice.
 */
export function printingProject(): Project {
  if (!shared) {
    shared = createProject();
    passOneLineTextsThrough(shared);
  }
  return shared;
}

function createProject(): Project {
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
    structurePrinterFactory: {
      forSourceFile(options: { isAmbient: boolean }): {
        printText(writer: unknown, structure: unknown): void;
      };
    };
  };
}

/** ts-morph 28's printers' common base: `getText` prints a type, return type or initializer through a writer of its own. */
interface TextPrinter {
  getText(writer: unknown, textOrWriterFunction: unknown): string;
  getNewWriter(writer: unknown): unknown;
}

/**
 * ts-morph's printers make a new code-block-writer for every type, return type and initializer
 * they print (`getText`), which sets some twenty properties one by one as it starts: a quarter of
 * printing a small spec's client. A text of one line comes out of a fresh writer as it went in (no
 * indentation before it, nothing after it), so such texts skip the writer; anything else takes
 * ts-morph's path. test/unit/generators/core/ts-project.test.ts holds the two to the same text.
 */
function passOneLineTextsThrough(project: Project): void {
  const base = textPrinterOf(project);
  // Another ts-morph than 28 may print otherwise: it then prints as it does, only slower (a test says so).
  if (!base || patched.has(base)) return;
  patched.add(base);
  const throughWriter = (base as TextPrinter).getText;
  (base as TextPrinter).getText = function getText(
    this: TextPrinter,
    writer: unknown,
    textOrWriterFunction: unknown,
  ): string {
    return typeof textOrWriterFunction === 'string' && !textOrWriterFunction.includes('\n')
      ? textOrWriterFunction
      : throughWriter.call(this, writer, textOrWriterFunction);
  };
}

const patched = new WeakSet<object>();

/** The prototype that holds ts-morph's `getText` (and `getNewWriter`) under the project's printers; undefined in another ts-morph. */
function textPrinterOf(project: Project): object | undefined {
  let base: object | null = (
    project as unknown as StructurePrinting
  )._context.structurePrinterFactory.forSourceFile({ isAmbient: false });
  while (base && !(Object.hasOwn(base, 'getText') && Object.hasOwn(base, 'getNewWriter')))
    base = Object.getPrototypeOf(base);
  return base ?? undefined;
}

/** Whether ts-morph's printers pass one-line texts through (for tests: the patch found its method). */
export function passesOneLineTextsThrough(): boolean {
  const base = textPrinterOf(printingProject());
  return base !== undefined && patched.has(base);
}

/**
 * Prints a file built from a structure. `project.createSourceFile(name, structure)` prints the
 * structure and then parses the text into a syntax tree that we would only read the text back
 * from; on a large spec that parse is a third of the client's time. So this runs the same printer
 * with the project's settings and stops at the text (the golden files hold it to the same bytes).
 */
export function printStructure(
  project: Project,
  fileName: string,
  structure: OptionalKind<SourceFileStructure>,
): string {
  return printOneLiners(structure) ?? printWithTsMorph(project, fileName, structure);
}

/** ts-morph's own printing of a structure (what `printOneLiners` must equal where it prints). */
export function printWithTsMorph(
  project: Project,
  fileName: string,
  structure: OptionalKind<SourceFileStructure>,
): string {
  const context = (project as unknown as StructurePrinting)._context;
  const writer = context.createWriter();
  context.structurePrinterFactory
    .forSourceFile({ isAmbient: fileName.endsWith('.d.ts') })
    .printText(writer, structure);
  const text = writer.toString();
  return text.endsWith('\n') ? text : `${text}\n`;
}

/** What a statement of `printOneLiners` may have: these keys, any other one only as undefined. */
const ONE_LINER_KEYS: Record<string, Set<string>> = {
  [StructureKind.ImportDeclaration]: new Set([
    'kind',
    'isTypeOnly',
    'moduleSpecifier',
    'namedImports',
    'namespaceImport',
  ]),
  [StructureKind.TypeAlias]: new Set(['kind', 'name', 'isExported', 'type', 'docs']),
  [StructureKind.VariableStatement]: new Set([
    'kind',
    'isExported',
    'declarationKind',
    'docs',
    'declarations',
  ]),
};

/** What the one declaration of a one-line variable statement may have. */
const DECLARATION_KEYS = new Set(['name', 'type', 'initializer']);

/**
 * A name, type or value that prints as itself on one line: no line break, no space at either end,
 * and no block comment's start (ts-morph's writer closes one left open).
 */
const oneLine = (text: unknown): text is string =>
  typeof text === 'string' && text !== '' && !/[\r\n\u2028\u2029]|\/\*/.test(text) && text.trim() === text;

/** A JSDoc of one line: `/** text *\/`. */
function oneLineDoc(docs: unknown): string | undefined {
  if (docs === undefined || (Array.isArray(docs) && docs.length === 0)) return '';
  if (!Array.isArray(docs) || docs.length !== 1 || !oneLine(docs[0]) || docs[0].includes('*/'))
    return undefined;
  return `/** ${docs[0]} */\n`;
}

/**
 * A file of nothing but one-line imports, type aliases and variable statements, each with a
 * one-line JSDoc at most, printed directly: the client's models.ts and operations.ts are thousands
 * of them on a large spec, where ts-morph's writer (which follows every character) spent half a
 * second. The same bytes as ts-morph's printer, which tests hold it to
 * (test/unit/generators/core/ts-project.test.ts); undefined for any other file.
 */
export function printOneLiners(structure: OptionalKind<SourceFileStructure>): string | undefined {
  const statements = structure.statements;
  if (!Array.isArray(statements) || statements.length === 0) return undefined;
  for (const key of Object.keys(structure))
    if (key !== 'statements' && (structure as Record<string, unknown>)[key] !== undefined) return undefined;
  const lines: string[] = [];
  // The statements before a class must leave ts-morph's writer outside any string or comment (a
  // class's lines are indented only then): checked when a class comes, so files without one
  // (models.ts, thousands of statements) pay nothing.
  let checkedUpTo = 0;
  for (const [index, statement] of statements.entries()) {
    if (typeof statement !== 'object' || statement === null) return undefined;
    // A class, or what follows one, starts after a blank line (ts-morph's statement printer).
    const afterClass = lines.length > 0 && lines[lines.length - 1].endsWith('}\n');
    if (statement.kind === StructureKind.Class) {
      for (const before of statements.slice(checkedUpTo, index))
        if (!codeTextsOf(before as unknown as Record<string, unknown>).every(plainCode)) return undefined;
      checkedUpTo = index + 1;
      const text = classText(statement as unknown as Record<string, unknown>);
      if (text === undefined) return undefined;
      lines.push(lines.length > 0 ? `\n${text}` : text);
      continue;
    }
    if (afterClass) lines.push('\n');
    const allowed = ONE_LINER_KEYS[statement.kind ?? -1];
    if (!allowed) return undefined;
    for (const [key, value] of Object.entries(statement))
      if (value !== undefined && !allowed.has(key)) return undefined;
    const fields = statement as unknown as Record<string, unknown>;
    if (fields.isExported !== undefined && typeof fields.isExported !== 'boolean') return undefined;
    const exported = fields.isExported ? 'export ' : '';
    if (statement.kind === StructureKind.ImportDeclaration) {
      const { isTypeOnly, moduleSpecifier, namedImports, namespaceImport } = fields;
      if (isTypeOnly !== undefined && typeof isTypeOnly !== 'boolean') return undefined;
      if (typeof moduleSpecifier !== 'string' || !/^[\w./@-]+$/.test(moduleSpecifier)) return undefined;
      let clause: string;
      if (namespaceImport !== undefined && namedImports === undefined && oneLine(namespaceImport))
        clause = `* as ${namespaceImport}`;
      else if (
        namespaceImport === undefined &&
        Array.isArray(namedImports) &&
        namedImports.length > 0 &&
        namedImports.every(oneLine)
      )
        clause = `{ ${namedImports.join(', ')} }`;
      else return undefined;
      lines.push(`import ${isTypeOnly ? 'type ' : ''}${clause} from '${moduleSpecifier}';\n`);
      continue;
    }
    const doc = oneLineDoc(fields.docs);
    if (doc === undefined) return undefined;
    if (statement.kind === StructureKind.TypeAlias) {
      if (!oneLine(fields.name) || !oneLine(fields.type)) return undefined;
      lines.push(`${doc}${exported}type ${fields.name} = ${fields.type};\n`);
      continue;
    }
    // A variable statement: one declaration, `const` or `let`, with a type and a value.
    const { declarationKind, declarations } = fields;
    if (declarationKind !== VariableDeclarationKind.Const && declarationKind !== VariableDeclarationKind.Let)
      return undefined;
    if (!Array.isArray(declarations) || declarations.length !== 1) return undefined;
    const [declaration] = declarations as Array<Record<string, unknown>>;
    for (const [key, value] of Object.entries(declaration))
      if (value !== undefined && !DECLARATION_KEYS.has(key)) return undefined;
    if (!oneLine(declaration.name) || !oneLine(declaration.type) || !oneLine(declaration.initializer))
      return undefined;
    lines.push(
      `${doc}${exported}${declarationKind} ${declaration.name}: ${declaration.type} = ${declaration.initializer};\n`,
    );
  }
  return lines.join('');
}

/** The code a one-line statement prints (names, types, values), for `plainCode`. */
function codeTextsOf(fields: Record<string, unknown>): unknown[] {
  const declarations = Array.isArray(fields.declarations) ? (fields.declarations as unknown[]) : [];
  return [
    fields.name,
    fields.type,
    fields.namespaceImport,
    ...(Array.isArray(fields.namedImports) ? fields.namedImports : []),
    ...declarations.flatMap((declaration) =>
      declaration && typeof declaration === 'object'
        ? Object.values(declaration as Record<string, unknown>)
        : [declaration],
    ),
  ].filter((text) => text !== undefined);
}

/** A class's, a property's, a method's, a type parameter's and a parameter's keys `classText` prints (any other only as undefined). */
const CLASS_KEYS = new Set(['kind', 'name', 'isExported', 'extends', 'docs', 'properties', 'methods']);
const PROPERTY_KEYS = new Set(['kind', 'name', 'isReadonly', 'type', 'initializer']);
const METHOD_KEYS = new Set([
  'kind',
  'name',
  'docs',
  'typeParameters',
  'parameters',
  'returnType',
  'statements',
]);
const TYPE_PARAMETER_KEYS = new Set(['name', 'constraint', 'default']);
const PARAMETER_KEYS = new Set(['name', 'type', 'hasQuestionToken']);

/** Whether an object has only these keys (others only as undefined). */
const onlyKeys = (value: unknown, keys: Set<string>): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(value).every(([key, field]) => field === undefined || keys.has(key));

/**
 * Code of one line that ts-morph's writer copies as it is inside a block: besides `oneLine`, no
 * comment, template, regular expression or escape, and quotes closed on the line (its writer
 * tracks strings and comments to decide how the next line is indented).
 */
const plainCode = (text: unknown): text is string =>
  oneLine(text) && /^(?:[^'"`\\/]|'[^'"`\\]*'|"[^'"`\\]*")*$/.test(text);

/** A JSDoc as ts-morph prints it at `indent`: one line as `/** text *\/`, more as a block; undefined for what it prints otherwise. */
function docText(docs: unknown, indent: string): string | undefined {
  const single = oneLineDoc(docs);
  if (single !== undefined) return single && `${indent}${single}`;
  if (!Array.isArray(docs) || docs.length !== 1 || typeof docs[0] !== 'string') return undefined;
  const text = docs[0];
  if (!text.includes('\n') || text.includes('*/') || text.includes('\r') || /[\u2028\u2029]/.test(text))
    return undefined;
  // Lines of a block keep their spaces at either end (Markdown's line breaks among them).
  const lines = text.split('\n');
  const body = (lines[0] === '' ? lines.slice(1) : lines).map(
    (line) => `${indent} *${line === '' ? '' : ` ${line}`}\n`,
  );
  return `${indent}/**\n${body.join('')}${indent} */\n`;
}

/**
 * A class of one-line members printed directly, as ts-morph prints it: the client's resource
 * classes (readonly child resources, methods of one statement each; thousands on a large spec,
 * where ts-morph's writer follows every character). Undefined for any other class.
 */
function classText(fields: Record<string, unknown>): string | undefined {
  if (!onlyKeys(fields, CLASS_KEYS) || !oneLine(fields.name)) return undefined;
  if (fields.isExported !== undefined && typeof fields.isExported !== 'boolean') return undefined;
  if (fields.extends !== undefined && !plainCode(fields.extends)) return undefined;
  const properties = fields.properties ?? [];
  const methods = fields.methods ?? [];
  if (!Array.isArray(properties) || !Array.isArray(methods)) return undefined;
  const doc = docText(fields.docs, '');
  if (doc === undefined) return undefined;
  const members: string[] = [];
  for (const property of properties) {
    if (!onlyKeys(property, PROPERTY_KEYS) || !plainCode(property.name) || !plainCode(property.type))
      return undefined;
    if (property.isReadonly !== undefined && typeof property.isReadonly !== 'boolean') return undefined;
    if (property.initializer !== undefined && !plainCode(property.initializer)) return undefined;
    const initializer = property.initializer !== undefined ? ` = ${property.initializer}` : '';
    members.push(
      `  ${property.isReadonly ? 'readonly ' : ''}${property.name}: ${property.type}${initializer};\n`,
    );
  }
  const methodTexts: string[] = [];
  for (const method of methods) {
    if (!onlyKeys(method, METHOD_KEYS) || !plainCode(method.name) || !plainCode(method.returnType))
      return undefined;
    const methodDoc = docText(method.docs, '  ');
    if (methodDoc === undefined) return undefined;
    const typeParameters = method.typeParameters ?? [];
    const parameters = method.parameters ?? [];
    const statements = method.statements ?? [];
    if (!Array.isArray(typeParameters) || !Array.isArray(parameters) || !Array.isArray(statements))
      return undefined;
    const typeTexts: string[] = [];
    for (const typeParameter of typeParameters) {
      if (!onlyKeys(typeParameter, TYPE_PARAMETER_KEYS) || !plainCode(typeParameter.name)) return undefined;
      for (const part of [typeParameter.constraint, typeParameter.default])
        if (part !== undefined && !plainCode(part)) return undefined;
      typeTexts.push(
        `${typeParameter.name}${typeParameter.constraint !== undefined ? ` extends ${typeParameter.constraint}` : ''}${typeParameter.default !== undefined ? ` = ${typeParameter.default}` : ''}`,
      );
    }
    const parameterTexts: string[] = [];
    for (const parameter of parameters) {
      if (!onlyKeys(parameter, PARAMETER_KEYS) || !plainCode(parameter.name) || !plainCode(parameter.type))
        return undefined;
      if (parameter.hasQuestionToken !== undefined && typeof parameter.hasQuestionToken !== 'boolean')
        return undefined;
      parameterTexts.push(`${parameter.name}${parameter.hasQuestionToken ? '?' : ''}: ${parameter.type}`);
    }
    // A statement after one that ends with `}` would follow a blank line: such bodies are ts-morph's.
    // ts-morph puts no comma after an item that ends with one: such lists are its to print.
    if ([...typeTexts, ...parameterTexts].some((item) => item.endsWith(','))) return undefined;
    if (!statements.every(plainCode) || statements.slice(0, -1).some((statement) => statement.endsWith('}')))
      return undefined;
    const generics = typeTexts.length > 0 ? `<${typeTexts.join(', ')}>` : '';
    methodTexts.push(
      `${methodDoc}  ${method.name}${generics}(${parameterTexts.join(', ')}): ${method.returnType} {\n${statements
        .map((statement) => `    ${statement}\n`)
        .join('')}  }\n`,
    );
  }
  // Properties one per line; the methods after a blank line, and a blank line between two.
  const body = [...members, ...(members.length > 0 && methodTexts.length > 0 ? ['\n'] : [])];
  body.push(methodTexts.join('\n'));
  const heritage = fields.extends !== undefined ? ` extends ${fields.extends}` : '';
  return `${doc}${fields.isExported ? 'export ' : ''}class ${fields.name}${heritage} {\n${body.join('')}}\n`;
}

/**
 * A module of exported JSON constants. Data is not code: printing megabytes of literal through
 * ts-morph only to have it re-parsed costs seconds on large specs, so data modules are rendered
 * directly. Example: `export const ROUTES: RouteSpec[] = [ ... ];`
 */
export function dataModule(
  imports: string[],
  constants: Array<{ name: string; doc: string; type?: string; value: unknown }>,
): string {
  const body = constants.map(
    ({ name, doc, type, value }) =>
      `/** ${doc} */\nexport const ${name}${type ? `: ${type}` : ''} = ${JSON.stringify(value, null, 2)};\n`,
  );
  return [...(imports.length ? [imports.join('\n'), ''] : []), body.join('\n')].join('\n');
}
