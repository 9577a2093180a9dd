/**
 * The Python SDK (`python/`): a standard-library-only package over the hand-written runtime in
 * `runtime/` (copied verbatim into `<package>/_core/`): TypedDicts and Literals for the schemas,
 * one Operation constant per operation, resource classes whose methods are one-liners over the
 * runtime (each with `.with_raw_response` and `.with_streaming_response` twins), the sync and the
 * asyncio client, the webhook helper when the spec declares webhooks, pyproject.toml (PEP 621,
 * py.typed, an in-tree build backend so `pip install` works offline) and a README whose examples
 * run as tests.
 */
import { renderChangelog } from '../../changelog/render.js';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runtimeFiles, type GeneratedFile } from '../../core/files.js';
import type { Ir } from '../../core/ir.js';
import { fileNameScope } from '../../sdk-shape/index.js';
import { clientFile } from './client-file.js';
import { importLines, namesUsed, usedCore } from './imports.js';
import { flatten, resourceClass, streamingClass, twins } from './methods.js';
import { pyString } from './naming.js';
import { initFile, pyproject } from './package-files.js';
import { operationsFile } from './operations.js';
import { planPython, type PythonPlan, type ResourcePlan } from './plan.js';
import { readmeFile } from './readme.js';
import { Shapes } from './shapes.js';
import { schemaDefinitions } from './type-definitions.js';
import { pythonType, union } from './type-expressions.js';
import type { TypeNames } from './type-names.js';
import { webhooksFile } from './webhooks-file.js';

export const PYTHON_ROOT = 'python/';
/** The hand-written runtime (under the package's `_core/`) and the files beside the package, read once when this module loads. */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const RUNTIME_FILES = runtimeFiles(path.join(HERE, 'runtime'), '', '.py');
const PACKAGE_FILES = runtimeFiles(path.join(HERE, 'package'), PYTHON_ROOT, '.py');

/**
 * The SDK's files, printed from its plan (every name made there). Asynchronous, as the other
 * emitters are: it lets the plugins beside it go on between its resource modules.
 */
export async function emitPython(ir: Ir, plan: PythonPlan = planPython(ir)): Promise<GeneratedFile[]> {
  const pkg = `${PYTHON_ROOT}${plan.packageName}/`;
  const names = plan.types;
  const eventType = plan.eventType;
  const shapes = new Shapes(ir.model);
  const files: GeneratedFile[] = RUNTIME_FILES.map((file) => ({
    path: `${pkg}_core/${file.path}`,
    content: file.content,
  }));
  files.push({ path: `${pkg}py.typed`, content: '' });
  files.push({ path: `${pkg}types.py`, content: typesFile(ir, names, eventType) });
  files.push({ path: `${pkg}_operations.py`, content: operationsFile(ir, plan, shapes) });
  // Named after their attribute, but apart where two differ only in case (fileNameScope).
  const moduleNames = fileNameScope(['__init__']);
  const modules = plan.root.children.map((top) => ({ top, module: moduleNames.claim(top.attribute) }));
  for (const { top, module } of modules) {
    files.push({ path: `${pkg}resources/${module}.py`, content: resourceModule(ir, names, top) });
    await new Promise((resolve) => setImmediate(resolve));
  }
  files.push({ path: `${pkg}resources/__init__.py`, content: resourcesInit(modules) });
  if (ir.webhooks && eventType)
    files.push({ path: `${pkg}_webhooks.py`, content: webhooksFile(ir, eventType) });
  files.push({ path: `${pkg}_client.py`, content: clientFile(ir, plan, names) });
  files.push({ path: `${pkg}__init__.py`, content: initFile(ir, plan) });
  files.push({ path: `${PYTHON_ROOT}pyproject.toml`, content: pyproject(ir, plan) });
  files.push(...PACKAGE_FILES);
  files.push({ path: `${PYTHON_ROOT}README.md`, content: readmeFile(ir, plan, names) });
  files.push({
    path: `${PYTHON_ROOT}CHANGELOG.md`,
    content: renderChangelog(ir, `${plan.distributionName} (Python)`),
  });
  return files;
}

function typesFile(ir: Ir, names: TypeNames, eventType: string | undefined): string {
  const definitions = schemaDefinitions(ir, names);
  if (eventType && ir.webhooks) {
    const members = ir.webhooks.events.map((event) => pythonType(ir.model, names, event.schema));
    definitions.push(
      `${eventType} = ${union(members)}\n"""Any event a webhook endpoint receives (\`client.webhooks.unwrap\`)."""`,
    );
  }
  const views = [names.response, names.request];
  const exported = [
    ...new Set([
      ...views.flatMap((view) => [...view.bySchema.values(), ...view.inlineOrder.map((entry) => entry.name)]),
      ...(eventType ? [eventType] : []),
    ]),
  ].sort();
  const body = definitions.join('\n\n\n');
  return [
    `"""Types of ${ir.info.title}: a TypedDict per object schema, Literals for enums, \`datetime\` for date-times, \`date\` for dates."""`,
    '',
    ...importLines(namesUsed(body)),
    '',
    `__all__ = [${exported.map(pyString).join(', ')}]`,
    '',
    '',
    body,
    '',
  ].join('\n');
}

function resourceModule(ir: Ir, names: TypeNames, top: ResourcePlan): string {
  const nodes = flatten(top);
  // Children first, so every class a constructor names is defined above it.
  const ordered = [...nodes].reverse();
  const classes = (isAsync: boolean) =>
    ordered.flatMap((node) => [
      resourceClass(ir, names, node, { raw: false, isAsync }),
      resourceClass(ir, names, node, { raw: true, isAsync }),
      streamingClass(node, isAsync),
    ]);
  const body = [...classes(false), ...classes(true)].join('\n\n\n');
  const used = namesUsed(body);
  const core = usedCore(used);
  const lines = [
    `"""\`client.${top.attributes.join('.')}\` and the resources below it."""`,
    '',
    ...importLines(used),
  ];
  lines.push('');
  if (/\b_types\./.test(body))
    lines.push('from .. import _operations as _ops', 'from .. import types as _types');
  else if (/\b_ops\./.test(body)) lines.push('from .. import _operations as _ops');
  lines.push(`from .._core import ${core.sort().join(', ')}`);
  lines.push('', `__all__ = [${ordered.flatMap(classNames).sort().map(pyString).join(', ')}]`);
  return `${lines.join('\n')}\n\n\n${body}\n`;
}

/** Every class a resource has: its three twins on the sync client and on the async one. */
function classNames(node: ResourcePlan): string[] {
  return [false, true].flatMap((isAsync) => Object.values(twins(node, isAsync)));
}

function resourcesInit(modules: Array<{ top: ResourcePlan; module: string }>): string {
  const tops = modules.map(({ top }) => top);
  const lines = ['"""The top-level resources of the clients."""', ''];
  for (const { top, module } of modules)
    lines.push(`from .${module} import ${classNames(top).sort().join(', ')}`);
  lines.push('', `__all__ = [${tops.flatMap(classNames).sort().map(pyString).join(', ')}]`);
  return `${lines.join('\n')}\n`;
}
