/**
 * openapi-typescript's types for a document, rendered one unit at a time (document-units.mjs: one path
 * item, one webhook, one component) with openapi-typescript's own transforms and TypeScript's printer,
 * and spliced: the same text as `astToString(await openapiTS(document))`, with mends that make
 * it compile (`withMendedHelpers`, `mended`); test/unit/generators/core/
 * document-renderings.test.ts holds it to that on the public specs and the fixtures, and
 * incremental-generation.test.ts on GitHub's spec, where a save re-renders only the units it changed
 * and those that read them.
 *
 * What openapiTS adds before its transforms is left out, because the loader has done it: its Redocly
 * lint (its config enables one rule, operation-operationId-unique: a document with two operations of
 * one operationId goes to openapiTS whole, which refuses it as before) and its Redocly bundle (the
 * loader bundles a document with external $refs; on a single file it only adds an empty `components`,
 * done here). What a unit's text depends on besides its own value: the units its transforms resolve
 * $refs into (recorded per unit), and the discriminators openapi-typescript finds in the whole
 * document (when they change, every unit is rendered again). Plain JavaScript: it runs in the types'
 * worker thread.
 */
import openapiTS, {
  astToString,
  resolveRef,
  scanDiscriminators,
  stringToAST,
  transformComponentsObject,
  transformPathsObject,
  transformSchema,
} from 'openapi-typescript';
import ts from 'typescript';
import { changedUnits, isPlainObject, outline, unitsOfPath } from './document-units.mjs';

/** What openapiTS's context holds for the options the types plugin passes (`{ silent: true }`). */
function context(document, discriminators, resolved) {
  return {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: true,
    discriminators,
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    redoc: undefined,
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve($ref) {
      resolved($ref);
      return resolveRef(document, $ref, { silent: true });
    },
  };
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Whether two operations may share an operationId, counted over every place Redocly's walk finds an
 * operation (paths, webhooks, x-webhooks, components' path items and callbacks, an operation's
 * callbacks, path items behind $refs) and more: a false alarm only sends the document to openapiTS.
 */
function mayRepeatOperationId(document) {
  const seen = new Set();
  const visited = new Set();
  let repeated = false;
  const pathItem = (item, depth) => {
    if (!item || typeof item !== 'object' || visited.has(item) || depth > 50) return;
    visited.add(item);
    if (typeof item.$ref === 'string' && item.$ref.startsWith('#/'))
      pathItem(resolveRef(document, item.$ref, { silent: true }), depth + 1);
    for (const method of METHODS) {
      let operation = item[method];
      if (operation && typeof operation.$ref === 'string' && operation.$ref.startsWith('#/'))
        operation = resolveRef(document, operation.$ref, { silent: true });
      if (!operation || typeof operation !== 'object') continue;
      if (operation.operationId !== undefined) {
        const key = String(operation.operationId);
        if (seen.has(key)) repeated = true;
        seen.add(key);
      }
      for (const callback of Object.values(operation.callbacks ?? {}))
        for (const nested of Object.values(callback ?? {})) pathItem(nested, depth + 1);
    }
  };
  const each = (map, visit) => {
    if (map && typeof map === 'object') for (const value of Object.values(map)) visit(value);
  };
  each(document.paths, (item) => pathItem(item, 0));
  each(document.webhooks, (item) => pathItem(item, 0));
  each(document['x-webhooks'], (item) => pathItem(item, 0));
  each(document.components?.pathItems, (item) => pathItem(item, 0));
  each(document.components?.callbacks, (callback) => each(callback, (item) => pathItem(item, 0)));
  return repeated;
}

const printer = ts.createPrinter({ newLine: ts.NewLineKind.LineFeed, removeComments: false });
const sourceFile = ts.createSourceFile('openapi-ts.ts', '', ts.ScriptTarget.ESNext, false, ts.ScriptKind.TS);

/** A statement as astToString prints it (without the file's final newline), mended (`mended`). */
function printStatement(node) {
  return printer.printNode(ts.EmitHint.Unspecified, mended(node), sourceFile);
}

/** The name of an object type's property, as written or quoted; undefined for a computed one. */
function memberName(member) {
  return ts.isPropertySignature(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
    ? member.name.text
    : undefined;
}

/**
 * A node of openapi-typescript's output, mended: an optional parameter place indexed through
 * `NonNullable` (`isOptionalParameters`), and no property declared twice in one object type. It adds
 * a schema's discriminator property, required, as the object's first member, and where the schema
 * declares that property too (optional), it prints both: TS2300, the types and the client's schema
 * did not compile (Apple's SiriKit cloud media; openapi-typescript issues 2124 and 2418). One stays
 * where the first was (`oneMember`). Everything this file prints passes through it, and
 * `withMendedNodes` gives openapiTS's own statements the same, for the tests' whole-document oracle.
 */
function mended(node) {
  if (!needsMending(node)) return node;
  const visit = (child) => {
    const visited = ts.visitEachChild(child, visit, undefined);
    if (ts.isIndexedAccessTypeNode(visited) && isOptionalParameters(visited.objectType))
      return ts.factory.updateIndexedAccessTypeNode(
        visited,
        ts.factory.createTypeReferenceNode('NonNullable', [visited.objectType]),
        visited.indexType,
      );
    if (!ts.isTypeLiteralNode(visited)) return visited;
    const members = [];
    const at = new Map();
    for (const member of visited.members) {
      const name = memberName(member);
      if (name !== undefined && at.has(name)) {
        const index = at.get(name);
        members[index] = oneMember(members[index], member);
      } else {
        if (name !== undefined) at.set(name, members.length);
        members.push(member);
      }
    }
    return members.length === visited.members.length
      ? visited
      : ts.factory.updateTypeLiteralNode(visited, ts.factory.createNodeArray(members));
  };
  return visit(node);
}

/**
 * A string literal type's text (`"dog"`), or a union of them; undefined for any other type.
 * openapi-typescript writes its literals as identifiers spelled with the quotes.
 */
function literalTexts(type) {
  const literals = type && ts.isUnionTypeNode(type) ? type.types : [type];
  const texts = literals.map((literal) =>
    literal ? printer.printNode(ts.EmitHint.Unspecified, literal, sourceFile) : '',
  );
  return texts.every((text) => text.startsWith('"')) ? texts : undefined;
}

/**
 * The one declaration of a property openapi-typescript printed twice: `added` (its discriminator,
 * required, whose value is the schema's name where no mapping names it) and `declared` (the schema's
 * own). The added one, unless the declared one is a choice of values without it (`petType: "dog"` in
 * the schema `Dog`): a value of the schema must fit, so the declared type, made required. The
 * declared one's description goes with it where the kept one has none.
 */
function oneMember(added, declared) {
  const value = literalTexts(added.type);
  const choices = literalTexts(declared.type);
  const kept =
    value?.length === 1 && choices !== undefined && !choices.includes(value[0])
      ? ts.factory.updatePropertySignature(added, added.modifiers, added.name, undefined, declared.type)
      : added;
  const described = ts.getSyntheticLeadingComments(declared);
  if (described?.length && !ts.getSyntheticLeadingComments(kept)?.length)
    ts.setSyntheticLeadingComments(kept, described);
  return kept;
}

/** A string literal index's text (`["query"]` → query); undefined for any other index. */
function indexText(type) {
  return ts.isLiteralTypeNode(type) && ts.isStringLiteral(type.literal) ? type.literal.text : undefined;
}

/**
 * `…["parameters"]["query"]` (or header, cookie): where openapi-typescript's type of a parameter
 * `$ref` into another operation's parameters (obs' `#/paths/~1request?view=collection/get/parameters/0`)
 * indexes a member it declared optional (`query?:`). Indexing through it was TS2339 ("Property
 * 'withhistory' does not exist on type '{…} | undefined'"): the mend reads it through `NonNullable`.
 */
function isOptionalParameters(type) {
  return (
    ts.isIndexedAccessTypeNode(type) &&
    ['query', 'header', 'cookie'].includes(indexText(type.indexType)) &&
    ts.isIndexedAccessTypeNode(type.objectType) &&
    indexText(type.objectType.indexType) === 'parameters'
  );
}

/** Whether `node` holds what the mends change (a read-only walk: most nodes hold nothing). */
function needsMending(node) {
  if (ts.isIndexedAccessTypeNode(node) && isOptionalParameters(node.objectType)) return true;
  if (ts.isTypeLiteralNode(node)) {
    const seen = new Set();
    for (const member of node.members) {
      const name = memberName(member);
      if (name === undefined) continue;
      if (seen.has(name)) return true;
      seen.add(name);
    }
  }
  return ts.forEachChild(node, (child) => (needsMending(child) ? true : undefined)) === true;
}

/** openapiTS's statements as this file prints them: with `mended`'s mends. */
export function withMendedNodes(nodes) {
  return nodes.map(mended);
}

/**
 * openapi-typescript's `WithRequired` helper (an `allOf` member that is a `$ref`, with properties the
 * parent requires) and the one this file prints instead. Its `K extends keyof T` is `never` where the
 * referenced schema is nullable (`X | null`: plaid's `Cause`, an object, over the nullable
 * `PlaidError`), so the types and the client's schema did not compile (TS2344). The properties are
 * required of `NonNullable<T>`, and null stays where T takes it: `required` says nothing of null, so a
 * composing schema with no type of its own takes it too, while beside an object member (plaid's
 * `Cause`) the intersection drops it. For a schema that is not nullable the two are the same type.
 */
const WITH_REQUIRED = [
  'type WithRequired<T, K extends keyof T> = T & { [P in K]-?: T[P] };',
  'type WithRequired<T, K extends keyof NonNullable<T>> = (NonNullable<T> & { [P in K]-?: NonNullable<T>[P] }) | Extract<T, null>;',
].map((source) => printStatement(stringToAST(source)[0]));

/**
 * openapi-typescript's text with its `WithRequired` helper mended (above). Where a later
 * openapi-typescript prints another helper, its own stays.
 */
export function withMendedHelpers(text) {
  return text.replace(WITH_REQUIRED[0], WITH_REQUIRED[1]);
}

/**
 * Members as they print inside `export interface <names[0]> { <names[1]>: { ... } }`: printed in
 * that frame (the printer indents them as in the whole file), the frame's lines then cut off.
 */
function printMembers(members, names) {
  let inner = members.map(mended);
  for (let index = names.length - 1; index >= 1; index -= 1)
    inner = [
      ts.factory.createPropertySignature(
        undefined,
        names[index],
        undefined,
        ts.factory.createTypeLiteralNode(inner),
      ),
    ];
  const frame = ts.factory.createInterfaceDeclaration(
    [ts.factory.createModifier(ts.SyntaxKind.ExportKeyword)],
    names[0],
    undefined,
    undefined,
    inner,
  );
  const lines = printStatement(frame).split('\n');
  return lines.slice(names.length, lines.length - names.length).join('\n');
}

/**
 * What a unit added to openapi-typescript's footer: the operations its path items added to
 * `operations`, printed ('' for none), and every footer declaration in the order it added them, by
 * name, with the text of each helper (`WithRequired` for a schema requiring properties of another).
 * openapiTS prints its footer in the order of first addition over its whole walk, so the assembly
 * needs each unit's order, not only its operations.
 */
function footerOf(ctx) {
  let operations = '';
  const footer = ctx.injectFooter.map((node) => {
    const name = node.name?.text;
    if (ts.isInterfaceDeclaration(node) && name === 'operations') {
      if (node.members.length > 0) operations = printMembers([...node.members], ['operations']);
      return { name, text: '' };
    }
    if (!ts.isTypeAliasDeclaration(node) || !name)
      throw new Error('openapi-typescript added a declaration to its footer that the splice cannot name');
    const text = printStatement(node);
    return { name, text: name === 'WithRequired' ? withMendedHelpers(text) : text };
  });
  return { operations, footer };
}

/** The root sections openapi-typescript prints, in its order, and each one's transform of one entry. */
const SECTIONS = ['paths', 'webhooks', 'components', '$defs'];

/** The component kinds openapi-typescript prints, in its order (asked of it, not copied from it). */
let componentKinds;
function kindsOf(ctx) {
  componentKinds ??= transformComponentsObject({}, ctx)[0].members.map((member) => member.name.text);
  return componentKinds;
}

/**
 * One unit's text: its member of `paths`, `webhooks` or `components.<kind>`, and the operations it
 * added. Units in no printed section (info, tags, examples, …) print nothing.
 */
function renderUnit(path, value, ctx) {
  const [root, key, name] = path;
  if (root === 'paths' && path.length === 2) {
    const members = transformPathsObject({ [key]: value }, ctx).members;
    return { members: members.length ? printMembers([...members], ['paths']) : '', ...footerOf(ctx) };
  }
  if (root === 'webhooks' && path.length === 2) {
    // openapi-typescript does not export its webhooks transform: its whole transform of this one webhook.
    const statement = transformSchema({ webhooks: { [key]: value } }, ctx)[SECTIONS.indexOf('webhooks')];
    const members = ts.isInterfaceDeclaration(statement) ? statement.members : [];
    return { members: members.length ? printMembers([...members], ['webhooks']) : '', ...footerOf(ctx) };
  }
  if (root === 'components' && path.length === 3 && kindsOf(ctx).includes(key)) {
    const [literal] = transformComponentsObject({ [key]: { [name]: value } }, ctx);
    const kind = literal.members.find((member) => member.name.text === key);
    const members = ts.isTypeLiteralNode(kind.type) ? [...kind.type.members] : [];
    return { members: members.length ? printMembers(members, ['components', key]) : '', ...footerOf(ctx) };
  }
  return { members: '', operations: '', footer: [] };
}

/**
 * A section that is not cut into units (empty, not an object, `$defs`, components with a kind that is
 * not a map): its statement from openapi-typescript's whole transform of it alone, and its operations.
 */
function renderSection(root, value, ctx) {
  const statements = transformSchema({ [root]: value }, ctx);
  const index = SECTIONS.indexOf(root);
  return { statement: printStatement(statements[index]), ...footerOf(ctx) };
}

/** Whether a section is spliced from its units: cut into units, and for components every printed kind a map of units. */
function isSpliced(root, entry, shape, ctx) {
  if (!entry?.children || root === '$defs') return false;
  if (root !== 'components') return true;
  return entry.children.every((kind) => {
    if (!kindsOf(ctx).includes(kind.key) || kind.children !== undefined) return true;
    const { value } = shape.units.get(kind.unit);
    return isPlainObject(value) && Object.keys(value).length === 0;
  });
}

/** Same order as openapi-typescript's walk: the sections in SECTIONS order, components by kind. */
function unitsInTransformOrder(shape, ctx) {
  const order = [];
  for (const root of SECTIONS) {
    const entry = shape.entries.find((each) => each.key === root);
    if (!entry?.children) continue;
    if (root !== 'components') order.push(...entry.children.map((child) => child.unit));
    else
      for (const kind of kindsOf(ctx)) {
        const group = entry.children.find((each) => each.key === kind);
        if (group?.children) order.push(...group.children.map((child) => child.unit));
      }
  }
  return order;
}

/**
 * Renders the types of `document` (a copy the renderer may change: stream schemas go into it first, as
 * the types plugin asks, then openapi-typescript's discriminator patches), reusing `previous` (what an
 * earlier call returned as `state`) for every unit whose value, the units it read and the
 * discriminators are unchanged. Returns the text and the state for the next call.
 */
export async function renderTypesIncrementally({ document, streamSchemas }, previous) {
  for (const { at, schema } of streamSchemas) {
    const media = at.reduce(
      (node, key) => (node && typeof node === 'object' ? node[key] : undefined),
      document,
    );
    if (media && typeof media === 'object') media.schema = schema;
  }
  // openapiTS's lint refuses it (with the place it names): let it say so.
  if (mayRepeatOperationId(document))
    return {
      text: withMendedHelpers(astToString(withMendedNodes(await openapiTS(document, { silent: true })))),
    };
  // Redocly's bundle gives every OpenAPI 3 document a components object.
  if (!document.components) document.components = {};
  const discriminators = scanDiscriminators(document, { silent: true });
  const discriminatorsKey = JSON.stringify(discriminators);
  const shape = outline(document);
  const changed =
    previous && previous.discriminatorsKey === discriminatorsKey
      ? changedUnits(previous.shape, shape)
      : new Set(shape.units.keys());
  const reads = new Map();
  const texts = new Map();
  const rendered = [];
  let reading;
  const ctx = context(document, discriminators, ($ref) => {
    const keys = $ref.startsWith('#/') ? $ref.slice(2).split('/').map(unescapePointer) : undefined;
    const units = keys && unitsOfPath(shape.units, keys);
    if (!units) reading.add('*');
    else for (const unit of units) reading.add(unit);
  });
  const isDirty = (unit) => {
    if (changed.has(unit) || !previous?.texts.has(unit)) return true;
    const read = previous.reads.get(unit);
    return read.has('*') ? changed.size > 0 : [...read].some((each) => changed.has(each));
  };
  const render = (unit, work) => {
    reading = new Set();
    ctx.injectFooter = [];
    const text = work();
    reads.set(unit, reading);
    texts.set(unit, text);
    rendered.push(unit);
    return text;
  };
  const sections = new Map();
  for (const root of SECTIONS) {
    const entry = shape.entries.find((each) => each.key === root);
    if (!entry || isSpliced(root, entry, shape, ctx)) continue;
    const key = `section:${root}`;
    const stale =
      !previous?.texts.has(key) ||
      [...changed].some((unit) => unit === entry.pointer || unit.startsWith(`${entry.pointer}/`)) ||
      isDirty(key);
    sections.set(
      root,
      stale ? render(key, () => renderSection(root, document[root], ctx)) : keep(previous, key, texts, reads),
    );
  }
  for (const unit of unitsInTransformOrder(shape, ctx)) {
    if (texts.has(unit)) continue;
    const { path, value } = shape.units.get(unit);
    if (isDirty(unit)) render(unit, () => renderUnit(path, value, ctx));
    else keep(previous, unit, texts, reads);
  }
  const text = assemble(shape, sections, texts, ctx);
  return {
    text,
    state: { shape, texts, reads, discriminatorsKey },
    stats: { units: shape.units.size, rendered },
  };
}

function keep(previous, key, texts, reads) {
  const text = previous.texts.get(key);
  texts.set(key, text);
  reads.set(key, previous.reads.get(key));
  return text;
}

function unescapePointer(part) {
  try {
    return decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'));
  } catch {
    return part.replace(/~1/g, '/').replace(/~0/g, '~');
  }
}

/**
 * The file: each section's statement, spliced from its units' members, then the footer: `operations`
 * and openapi-typescript's helpers, each where its first addition in the walk puts it (the same walk
 * order as the sections and units here), `operations` an empty record when no unit added one.
 */
function assemble(shape, sections, texts, ctx) {
  const statements = [];
  const operations = [];
  /** Footer declarations by name, in order of first addition: a helper's text, '' for `operations`. */
  const footer = new Map();
  const addFooter = (rendered) => {
    for (const { name, text } of rendered.footer) if (!footer.has(name)) footer.set(name, text);
  };
  const emptySection = (root) => `export type ${root} = Record<string, never>;`;
  const join = (units, field) =>
    units
      .map((unit) => texts.get(unit)[field])
      .filter((text) => text !== '')
      .join('\n');
  const addFooters = (units) => units.forEach((unit) => addFooter(texts.get(unit)));
  for (const root of SECTIONS) {
    const entry = shape.entries.find((each) => each.key === root);
    if (!entry) {
      statements.push(emptySection(root));
      continue;
    }
    if (sections.has(root)) {
      const section = sections.get(root);
      statements.push(section.statement);
      if (section.operations) operations.push(section.operations);
      addFooter(section);
      continue;
    }
    if (root !== 'components') {
      const units = entry.children.map((child) => child.unit);
      const members = join(units, 'members');
      statements.push(members ? `export interface ${root} {\n${members}\n}` : emptySection(root));
      const added = join(units, 'operations');
      if (added) operations.push(added);
      addFooters(units);
      continue;
    }
    const kinds = kindsOf(ctx).map((kind) => {
      const units =
        entry.children.find((each) => each.key === kind)?.children?.map((child) => child.unit) ?? [];
      const members = join(units, 'members');
      const added = join(units, 'operations');
      if (added) operations.push(added);
      addFooters(units);
      return members ? `    ${kind}: {\n${members}\n    };` : `    ${kind}: never;`;
    });
    statements.push(`export interface components {\n${kinds.join('\n')}\n}`);
  }
  for (const [name, text] of footer)
    statements.push(
      name === 'operations' ? `export interface operations {\n${operations.join('\n')}\n}` : text,
    );
  if (!footer.has('operations')) statements.push(emptySection('operations'));
  return `${statements.join('\n')}\n`;
}
