/**
 * The operations an MCP server offers, as data the generator writes (src/catalog.json, which
 * src/catalog.ts reads): per operation its tool name, description, hints, input schema and how its
 * arguments become a call of the generated client. Which of them a server offers (tags, paths,
 * methods, read-only) and finding them by resource or a word are decided here, for both ways of
 * offering them (one tool each, or the discovery tools).
 */

/** A JSON Schema (draft 2020-12) object. */
export type JsonSchema = Record<string, unknown>;

/** MCP's tool annotations, from the HTTP method. */
export interface ToolHints {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** How a response media type's body comes back from the client. */
export type ResultKind = 'json' | 'text' | 'binary' | 'events' | 'records' | 'none';

/** How the next page of a list is asked for, as tool arguments. */
export type ToolPaging =
  | { style: 'cursor'; forwardArgument: string; backwardArgument?: string }
  | { style: 'page' | 'offset' | 'link' };

export interface CatalogOperation {
  /** The tool's name (the operationId, in the characters tool names allow). */
  name: string;
  operationId: string;
  title: string;
  description: string;
  method: string;
  path: string;
  /** Its resource in the client, e.g. `nature.subjects` (empty: on the client itself). */
  resource: string;
  tags: string[];
  hints: ToolHints;
  /** The arguments' schema, refs pointing into `$defs` (which `defs` lists). */
  input: JsonSchema;
  /** The component schemas `input` refers to, directly or not. */
  defs: string[];
  call: {
    /** Property names from the client to the resource object, e.g. ["nature", "subjects"]. */
    resource: string[];
    method: string;
    /** The path parameters' argument names, in the order the method takes them. */
    pathArguments: string[];
    /** Whether the method takes a params object (every argument but the path ones and `accept`). */
    params: boolean;
    /** Arguments that are files (`{ base64, name?, type? }`): key paths from the arguments, `many` for arrays of files. */
    files: Array<{ at: string[]; many?: true }>;
    /** The argument naming the response media type, when the operation answers several. */
    acceptArgument?: string | undefined;
  };
  /** Response media types and what each comes back as, the default first. */
  results: Array<{ mediaType: string; kind: ResultKind }>;
  paging?: ToolPaging | undefined;
}

export interface Catalog {
  /** The MCP server's name and version (the package's). */
  server: { name: string; version: string; title: string };
  operations: CatalogOperation[];
  /** Component schemas by name, as the inputs' `$defs`. */
  defs: Record<string, JsonSchema>;
}

/** Which operations a server offers; every filter that is given must match. */
export interface OperationFilter {
  /** Only operations with one of these tags. */
  tags?: string[] | undefined;
  excludeTags?: string[] | undefined;
  /** Only operations whose path matches one of these patterns (`*` matches any run of characters). */
  paths?: string[] | undefined;
  excludePaths?: string[] | undefined;
  /** Only these HTTP methods. */
  methods?: string[] | undefined;
  /** Only operations that change nothing (GET, HEAD, OPTIONS). */
  readOnly?: boolean | undefined;
}

function pathPattern(pattern: string): RegExp {
  return new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The operations the filter lets through, in catalog order. */
export function selectOperations(
  operations: CatalogOperation[],
  filter: OperationFilter,
): CatalogOperation[] {
  const lower = (values: string[] | undefined) => values?.map((value) => value.toLowerCase());
  const tags = lower(filter.tags);
  const excludeTags = lower(filter.excludeTags);
  const methods = lower(filter.methods);
  const paths = filter.paths?.map(pathPattern);
  const excludePaths = filter.excludePaths?.map(pathPattern);
  return operations.filter((operation) => {
    const own = operation.tags.map((tag) => tag.toLowerCase());
    if (tags && !own.some((tag) => tags.includes(tag))) return false;
    if (excludeTags && own.some((tag) => excludeTags.includes(tag))) return false;
    if (methods && !methods.includes(operation.method)) return false;
    if (paths && !paths.some((pattern) => pattern.test(operation.path))) return false;
    if (excludePaths && excludePaths.some((pattern) => pattern.test(operation.path))) return false;
    if (filter.readOnly && !operation.hints.readOnlyHint) return false;
    return true;
  });
}

/** An operation's input schema with the component schemas it refers to as `$defs`. */
export function inputSchema(catalog: Catalog, operation: CatalogOperation): JsonSchema {
  if (operation.defs.length === 0) return operation.input;
  return {
    ...operation.input,
    $defs: Object.fromEntries(operation.defs.map((name) => [name, catalog.defs[name]])),
  };
}

/** The operations' resources with how many operations each has, in catalog order. */
export function resourceCounts(
  operations: CatalogOperation[],
): Array<{ resource: string; operations: number }> {
  const counts = new Map<string, number>();
  for (const operation of operations)
    counts.set(operation.resource, (counts.get(operation.resource) ?? 0) + 1);
  return [...counts].map(([resource, count]) => ({ resource, operations: count }));
}

/** Operations of a resource and of its sub-resources (`repos` holds `repos.issues`). */
export function operationsOf(operations: CatalogOperation[], resource: string): CatalogOperation[] {
  return operations.filter(
    (operation) => operation.resource === resource || operation.resource.startsWith(`${resource}.`),
  );
}

/** Words of a text: lower case, camelCase and punctuation split (`reposGet-content` is repos, get, content). */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words a search ignores. */
const STOP_WORDS = new Set([
  'a',
  'an',
  'the',
  'of',
  'to',
  'for',
  'by',
  'in',
  'on',
  'and',
  'or',
  'with',
  'from',
]);

/**
 * Operations that match the words of a search, best first: a word in the name counts most, then in
 * the title, path, resource or tags, then in the description; an operation that has every word
 * beats one that misses some, and among those the one whose name the words cover most (`get a
 * license` is licenses/get before licenses/get-all-commonly-used). Ties keep catalog order.
 */
export function searchOperations(operations: CatalogOperation[], search: string): CatalogOperation[] {
  const words = wordsOf(search).filter((word) => !STOP_WORDS.has(word));
  if (words.length === 0) return [];
  const alike = (a: string, b: string) => a.includes(b) || b.includes(a);
  const scored = operations.map((operation, index) => {
    const nameWords = [...new Set(wordsOf(`${operation.name} ${operation.operationId}`))];
    const near = wordsOf(
      `${operation.title} ${operation.path} ${operation.resource} ${operation.tags.join(' ')}`,
    );
    const far = operation.description.toLowerCase();
    let score = 0;
    let matched = 0;
    for (const word of words) {
      const here = nameWords.some((name) => alike(name, word))
        ? 4
        : near.some((each) => alike(each, word))
          ? 2
          : far.includes(word)
            ? 1
            : 0;
      if (here > 0) matched += 1;
      score += here;
    }
    const covered =
      nameWords.filter((name) => words.some((word) => alike(name, word))).length / nameWords.length;
    return {
      operation,
      index,
      score: score === 0 ? 0 : score + (matched === words.length ? 100 : 0) + 10 * covered,
    };
  });
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.operation);
}

/** One line of an operation, as the discovery tools list it. */
export function operationSummary(operation: CatalogOperation): Record<string, unknown> {
  return {
    name: operation.name,
    method: operation.method.toUpperCase(),
    path: operation.path,
    title: operation.title,
    resource: operation.resource,
    ...(operation.hints.readOnlyHint ? { read_only: true } : {}),
  };
}
