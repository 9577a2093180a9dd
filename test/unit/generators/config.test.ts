/**
 * The config file (contract-kit.config.ts or .json): every mistake is one line naming the file, the
 * line, the key and what is allowed, and the plugins come out in dependency order with their options.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../generators/config.js';
import { scratchFolders } from '../../support/scratch.js';

const scratch = scratchFolders();

const IMPORT = `import { defineConfig, definePlugin } from ${JSON.stringify(path.resolve('generators/index.ts'))};`;

/** A config file in a fresh folder, with a spec beside it. */
function configFile(name: string, text: string, extra: Record<string, string> = {}): string {
  const dir = scratch.make('config-');
  for (const [file, content] of Object.entries(extra)) writeFileSync(path.join(dir, file), content);
  writeFileSync(path.join(dir, name), text);
  return path.join(dir, name);
}

async function mistake(file: string): Promise<ConfigError> {
  const error = await loadConfig({ file }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

/** The built-in plugins that run unless a document lists others. */
const DEFAULT_PLUGINS = [
  'types',
  'contract-document',
  'mock-document',
  'client',
  'server',
  'contract-tests',
  'python',
];

describe('the config file', () => {
  it('reads the documents and puts each plugin after the ones it depends on, options defaulted', async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({
  documents: [
    { spec: 'api.yaml', output: 'out', plugins: ['contract-tests', { name: 'client', options: { timeout: 5000 } }, 'types'] },
  ],
});
`,
    );
    const config = await loadConfig({ file });
    const [document] = config.documents;
    expect(document.spec).toBe(path.join(path.dirname(file), 'api.yaml'));
    expect(document.plugins.map((each) => each.plugin.name)).toEqual(['types', 'client', 'contract-tests']);
    expect(document.plugins[1].options).toEqual({ timeout: 5000 });
    expect(document.plugins[1].root).toBe('client/');
  });

  it('runs every built-in plugin that is not opt-in when a document lists none', async () => {
    const file = configFile(
      'contract-kit.config.json',
      '{ "documents": [{ "spec": "a.yaml", "output": "out" }] }',
    );
    const names = (await loadConfig({ file })).documents[0].plugins.map((each) => each.plugin.name);
    expect(names).toEqual(DEFAULT_PLUGINS);
  });

  it("reads 'defaults' as every default plugin the list does not name itself", async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({
  documents: [
    { spec: 'api.yaml', output: 'out', plugins: ['zod', 'defaults', 'mock-data', 'msw', { name: 'python', options: { packageName: 'acme' } }] },
  ],
});
`,
    );
    const [document] = (await loadConfig({ file })).documents;
    expect(document.plugins.map((each) => each.plugin.name).sort()).toEqual(
      [...DEFAULT_PLUGINS, 'zod', 'mock-data', 'msw'].sort(),
    );
    // A plugin the list names itself keeps its own options.
    expect(document.plugins.find((each) => each.plugin.name === 'python')?.options).toMatchObject({
      packageName: 'acme',
    });
    const twice = configFile(
      'contract-kit.config.json',
      '{ "documents": [{ "spec": "a.yaml", "output": "out", "plugins": ["defaults", "zod", "defaults"] }] }',
    );
    expect((await mistake(twice)).message).toMatch(
      /documents\[0\]\.plugins\[2\]: 'defaults' is listed twice$/,
    );
  });

  it('refuses an unknown plugin at its line, listing the allowed ones', async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({
  documents: [
    {
      spec: 'api.yaml',
      output: 'out',
      plugins: [
        'types',
        'zodd',
      ],
    },
  ],
});
`,
    );
    const error = await mistake(file);
    expect(error.message).toBe(
      `${file}:9: documents[0].plugins[1]: unknown plugin "zodd"; allowed: types, contract-document, mock-document, client, server, contract-tests, python, sdks, zod, mock-data, msw, tanstack-query, mcp, 'defaults' (every default plugin not listed), or a file ('./plugins/mine.ts')`,
    );
    expect(error.message.split('\n')).toHaveLength(1);
  });

  it('refuses a plugin whose dependency is not listed, naming both', async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({
  documents: [
    { spec: 'api.yaml', output: 'out', plugins: ['client'] },
  ],
});
`,
    );
    const error = await mistake(file);
    expect([error.line, error.key]).toEqual([4, 'documents[0].plugins[0]']);
    expect(error.problem).toBe("client needs the plugin types; add it to this document's plugins");
  });

  it('refuses plugins that depend on each other in a cycle', async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
const ping = definePlugin({ name: 'ping', description: 'p', proves: 'none', dependencies: ['pong'], generate: () => ({ files: [] }) });
const pong = definePlugin({ name: 'pong', description: 'q', proves: 'none', dependencies: ['ping'], generate: () => ({ files: [] }) });
export default defineConfig({
  documents: [
    { spec: 'api.yaml', output: 'out', plugins: [
      ping,
      pong,
    ] },
  ],
});
`,
    );
    const error = await mistake(file);
    expect([error.line, error.key]).toEqual([7, 'documents[0].plugins[0]']);
    expect(error.problem).toBe('the plugins depend on each other in a cycle: ping -> pong -> ping');
  });

  it('refuses a bad option value at the line of the value, with what the option is', async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({
  documents: [
    {
      spec: 'api.yaml',
      output: 'out',
      plugins: ['types', {
        name: 'client',
        options: {
          timeout: -5,
        },
      }],
    },
  ],
});
`,
    );
    const error = await mistake(file);
    expect([error.line, error.key]).toEqual([10, 'documents[0].plugins[1].options.timeout']);
    expect(error.problem).toBe(
      'must be >= 1; timeout: milliseconds an attempt may take when the caller sets none (default 60000)',
    );
  });

  it("lists an enum's allowed values where an array's item is refused, and takes HTTP methods in either case", async () => {
    const withMethods = (methods: string) =>
      configFile(
        'contract-kit.config.ts',
        `${IMPORT}
export default defineConfig({
  documents: [{ spec: 'api.yaml', output: 'out', plugins: ['types', 'client', { name: 'mcp', options: { methods: ${methods} } }] }],
});
`,
      );
    const config = await loadConfig({ file: withMethods("['GET', 'post']") });
    expect(config.documents[0].plugins.find((each) => each.plugin.name === 'mcp')?.options.methods).toEqual([
      'GET',
      'post',
    ]);
    const error = await mistake(withMethods("['GET', 'FETCH']"));
    expect(error.key).toBe('documents[0].plugins[2].options.methods.1');
    expect(error.problem).toBe(
      'must be equal to one of the allowed values (allowed: "get", "put", "post", "delete", "options", "head", "patch", "trace", "GET", "PUT", "POST", "DELETE", "OPTIONS", "HEAD", "PATCH", "TRACE"); methods: offer only operations with these HTTP methods',
    );
  });

  it('refuses an option the plugin does not take, naming the ones it does', async () => {
    const file = configFile(
      'contract-kit.config.json',
      `{
  "documents": [
    {
      "spec": "api.yaml",
      "output": "out",
      "plugins": ["types", { "name": "client", "options": { "timout": 5 } }]
    }
  ]
}
`,
    );
    const error = await mistake(file);
    expect(error.message).toBe(
      `${file}:6: documents[0].plugins[1].options.timout: unknown key; client takes timeout`,
    );
  });

  it('refuses an unknown key of a document, listing the keys it takes', async () => {
    const file = configFile(
      'contract-kit.config.json',
      '{ "documents": [{ "spec": "a.yaml", "out": "x" }] }',
    );
    const error = await mistake(file);
    expect(error.key).toBe('documents[0].out');
    expect(error.problem).toBe('unknown key; allowed: spec, output, sdkName, released, exclude, plugins');
  });

  it('refuses two config files in one folder, and says where a JSON config stops parsing', async () => {
    const json = '{ "documents": [{ "spec": "a.yaml", "output": "out" }] }';
    const file = configFile('contract-kit.config.json', json, {
      'contract-kit.config.ts': `${IMPORT}\nexport default defineConfig(${json});\n`,
    });
    const twice = await loadConfig({ dir: path.dirname(file) }).catch((error: unknown) => error);
    expect(twice).toBeInstanceOf(ConfigError);
    expect((twice as ConfigError).message).toBe(
      `${path.join(path.dirname(file), 'contract-kit.config.ts')}: config: contract-kit.config.json is here too: keep one config file`,
    );
    const broken = configFile(
      'contract-kit.config.json',
      '{\n  "documents": [\n    { "spec": "a.yaml", },\n  ]\n}\n',
    );
    const error = await mistake(broken);
    expect(error.line).toBe(3);
    expect(error.problem).toMatch(/^cannot be read: /);
  });

  it("reads a document's exclude, each entry with its line, and refuses one of no operation's form at its line", async () => {
    const withExclude = (exclude: string) =>
      configFile(
        'contract-kit.config.ts',
        `${IMPORT}
export default defineConfig({
  documents: [
    {
      spec: 'api.yaml',
      output: 'out',
      exclude: [
        'GET /boards/{id}',
        ${exclude},
      ],
    },
  ],
});
`,
      );
    const file = withExclude("'/admin/*'");
    const [document] = (await loadConfig({ file })).documents;
    expect(document.exclude).toEqual([
      {
        entry: 'GET /boards/{id}',
        selector: { method: 'get', path: /^\/boards\/\{id\}$/ },
        file,
        line: 8,
        key: 'documents[0].exclude[0]',
      },
      {
        entry: '/admin/*',
        selector: { path: /^\/admin\/.*$/ },
        file,
        line: 9,
        key: 'documents[0].exclude[1]',
      },
    ]);
    const error = await mistake(withExclude("'GET boards'"));
    expect([error.line, error.key]).toEqual([9, 'documents[0].exclude[1]']);
    expect(error.problem).toMatch(
      /^must be "METHOD \/path" \(METHOD one of GET, PUT, .*\), "\/path" or an operationId$/,
    );
    expect((await mistake(withExclude('42'))).problem).toBe(
      'must be a string: "GET /path", "/path" or an operationId',
    );
  });

  it('loads a plugin from a file named in the config, and refuses a missing one', async () => {
    const plugin = `import { definePlugin } from ${JSON.stringify(path.resolve('generators/index.ts'))};
export default definePlugin({ name: 'hello', description: 'h', proves: 'none', generate: () => ({ files: [] }) });
`;
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: ['./hello.ts'] }] });
`,
      { 'hello.ts': plugin },
    );
    expect((await loadConfig({ file })).documents[0].plugins.map((each) => each.plugin.name)).toEqual([
      'hello',
    ]);
    const missing = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: ['./nope.ts'] }] });
`,
    );
    expect((await mistake(missing)).problem).toMatch(
      /^no plugin file \.\/nope\.ts \(looked for .*nope\.ts\)$/,
    );
  });

  it('names both files of two plugins with one name, and the name a plugin may not have', async () => {
    const named = (
      name: string,
    ) => `import { definePlugin } from ${JSON.stringify(path.resolve('generators/index.ts'))};
export default definePlugin({ name: ${JSON.stringify(name)}, description: 'p', proves: 'none', generate: () => ({ files: [] }) });
`;
    const clash = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: ['./a.ts', './b.ts'] }] });
`,
      { 'a.ts': named('postman'), 'b.ts': named('postman') },
    );
    expect((await mistake(clash)).problem).toBe(
      'the file ./b.ts is named postman, as is the file ./a.ts: each plugin needs a name of its own',
    );
    const badName = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: ['./a.ts'] }] });
`,
      { 'a.ts': named('My Plugin') },
    );
    expect((await mistake(badName)).problem).toBe(
      'a plugin needs a name of lower-case letters, digits and dashes, starting with a letter; this one\'s is "My Plugin"',
    );
  });

  it('refuses a default its own option schema refuses, naming the plugin', async () => {
    const file = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
const levels = definePlugin({ name: 'levels', description: 'l', proves: 'none', generate: () => ({ files: [] }),
  options: { level: { type: 'integer', minimum: 1, maximum: 3, default: 'high', description: 'the level' } } });
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: [levels] }] });
`,
    );
    expect((await mistake(file)).problem).toBe(
      'the plugin levels declares "high" as option level\'s default, which its own schema refuses: must be integer',
    );
  });

  it('refuses an option schema with a keyword JSON Schema does not have, and a definition without proves', async () => {
    const withPlugin = (definition: string) =>
      configFile(
        'contract-kit.config.ts',
        `${IMPORT}
const mine = definePlugin(${definition});
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: [{ plugin: mine }] }] });
`,
      );
    // A misspelt default was ignored: the option had none, and no check said so.
    const misspelt = await mistake(
      withPlugin(
        "{ name: 'mine', description: 'm', proves: 'none', generate: () => ({ files: [] }), options: { title: { type: 'string', defualt: 'T', description: 'the title' } } }",
      ),
    );
    expect(misspelt.problem).toBe(
      'mine: option title\'s schema is not one JSON Schema takes: unknown keyword: "defualt"',
    );
    const undescribed = await mistake(
      withPlugin(
        "{ name: 'mine', description: 'm', proves: 'none', generate: () => ({ files: [] }), options: { title: { type: 'string' } } }",
      ),
    );
    expect(undescribed.problem).toBe("mine: option title's schema needs a description");
    const unproven = await mistake(
      withPlugin("{ name: 'mine', description: 'm', generate: () => ({ files: [] }) } as never"),
    );
    expect(unproven.problem).toBe(
      "mine: proves must be a string (which check proves its output agrees with the spec, or 'none: ' and why)",
    );
  });

  it('says where a config or plugin file does not parse, not only that esbuild failed', async () => {
    const broken = configFile(
      'contract-kit.config.ts',
      `${IMPORT}
export default defineConfig({ documents: [{ spec: 'a.yaml', output: 'out', plugins: ['./broken.ts'] }] });
`,
      { 'broken.ts': 'export default {\n  name: "x",,\n};\n' },
    );
    expect((await mistake(broken)).problem).toMatch(
      /^the plugin file \.\/broken\.ts does not load: [^\u001b]*broken\.ts:2:\d+[^\u001b]*$/,
    );
    const config = configFile(
      'contract-kit.config.ts',
      `${IMPORT}\nexport default defineConfig({ documents: [ }) ;\n`,
    );
    expect((await mistake(config)).problem).toMatch(
      /^cannot be read: [^\u001b]*contract-kit\.config\.ts:2:\d+[^\u001b]*$/,
    );
  });

  it('from a subfolder of a project, names the config above instead of suggesting init', async () => {
    const dir = scratch.make('config-');
    writeFileSync(path.join(dir, 'contract-kit.config.json'), '{"documents": []}');
    const api = path.join(dir, 'api');
    mkdirSync(api);
    const error = (await loadConfig({ dir: api }).catch((caught: unknown) => caught)) as ConfigError;
    expect(error.message).toBe(
      `${api}: config: no contract-kit.config.ts, contract-kit.config.mts, contract-kit.config.mjs, contract-kit.config.js, contract-kit.config.json here; ${path.join('..', 'contract-kit.config.json')} sets up ${dir}: run contract-kit there`,
    );
  });

  it('names the folder when there is no config file at all', async () => {
    const dir = scratch.make('config-');
    const error = (await loadConfig({ dir }).catch((caught: unknown) => caught)) as ConfigError;
    expect(error.message).toBe(
      `${dir}: config: no contract-kit.config.ts, contract-kit.config.mts, contract-kit.config.mjs, contract-kit.config.js, contract-kit.config.json here (\`contract-kit init\` writes one)`,
    );
  });
});
