/**
 * What a plugin author's editor and `tsc --strict` see, through the package's public entry: options
 * typed by their schemas (a default makes one always there), a built-in dependency's exports by its
 * name, and no raw document. Type assertions only: `npm run typecheck` (tsc over test/) checks
 * this file, and an assertion that no longer holds, or an expected error that no longer occurs,
 * fails it. Vitest does not run it (its name is not `*.test.ts`).
 */
import { expectTypeOf } from 'vitest';
import {
  defineConfig,
  definePlugin,
  type ClientExports,
  type PluginDefinition,
  type TypesExports,
} from '../../../generators/index.js';

const typed = definePlugin({
  name: 'typed-options',
  description: 'a plugin whose options are read as their schemas say',
  dependencies: ['client', 'types', 'operations-index'],
  options: {
    title: { type: 'string', default: 'Operations', description: 'the heading' },
    depth: { type: 'integer', description: 'how deep, when given' },
    mode: { enum: ['short', 'long'], default: 'short', description: 'the layout' },
    tags: { type: 'array', items: { type: 'string' }, default: [], description: 'tags to list' },
    strict: { type: 'boolean', default: false, description: 'refuse unknown tags' },
  },
  proves: 'none: types only',
  generate({ ir, options, dependency }) {
    expectTypeOf(options.title).toEqualTypeOf<string>();
    expectTypeOf(options.depth).toEqualTypeOf<number | undefined>();
    expectTypeOf(options.mode).toEqualTypeOf<'short' | 'long'>();
    expectTypeOf(options.tags).toEqualTypeOf<string[]>();
    expectTypeOf(options.strict).toEqualTypeOf<boolean>();
    // @ts-expect-error an option without a default may be absent
    void options.depth.toFixed();
    // @ts-expect-error an option it does not declare
    void options.colour;

    expectTypeOf(dependency('client')).toEqualTypeOf<ClientExports>();
    expectTypeOf(dependency('types')).toEqualTypeOf<TypesExports>();
    // A plugin of the user's own: its exports are theirs to state.
    expectTypeOf(dependency('operations-index')).toBeUnknown();

    expectTypeOf(ir.operations[0].id).toEqualTypeOf<string>();
    // @ts-expect-error a plugin reads the IR and its schema model, never the raw document
    void ir.document.paths;
    return { files: [] };
  },
});

// The definition goes where the config and the pipeline take any plugin.
expectTypeOf(typed).toMatchTypeOf<PluginDefinition<Record<string, unknown>, unknown>>();

// A type argument states the options instead, as before inference.
definePlugin<{ title: string }>({
  name: 'stated-options',
  description: 'options stated by a type argument',
  options: { title: { type: 'string', default: 'Operations', description: 'the heading' } },
  proves: 'none: types only',
  generate({ options }) {
    expectTypeOf(options.title).toEqualTypeOf<string>();
    return { files: [] };
  },
});

// Without options, generate's options are an empty record.
definePlugin({
  name: 'no-options',
  description: 'no options declared',
  proves: 'none: types only',
  generate({ options }) {
    expectTypeOf(options).toEqualTypeOf<Record<string, unknown>>();
    return { files: [] };
  },
});

// A config's built-in options are typed by the plugin's declaration.
const spec = 'openapi.yaml';
const output = 'generated';
defineConfig({
  documents: [
    {
      spec,
      output,
      plugins: [
        'defaults',
        'zod',
        './plugins/operations-index.ts',
        { name: 'mcp', options: { readOnly: true, tools: 'each' } },
        { name: 'python', options: { packageName: 'acme' } },
        { plugin: './plugins/operations-index.ts', options: { title: 'Pet store' } },
      ],
    },
  ],
});
// @ts-expect-error an option mcp does not take (readonly for readOnly)
defineConfig({ documents: [{ spec, output, plugins: [{ name: 'mcp', options: { readonly: true } }] }] });
// @ts-expect-error a value mcp's schema refuses
defineConfig({ documents: [{ spec, output, plugins: [{ name: 'mcp', options: { tools: 'all' } }] }] });
// A definition, with options, goes in `{ plugin }`.
defineConfig({ documents: [{ spec, output, plugins: [{ plugin: typed, options: { title: 'Pets' } }] }] });
// @ts-expect-error no built-in of that name (a file is named by `plugin` or its path)
defineConfig({ documents: [{ spec, output, plugins: [{ name: 'clients' }] }] });
