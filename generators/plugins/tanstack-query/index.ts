/**
 * TanStack Query for the generated client (`tanstack-query/`): option builders on query-core shared by
 * every framework, React hooks and Vue composables over them, query keys with per-resource
 * invalidation. A package of its own that depends on the client package; the client does the requests.
 */
import { definePlugin } from '../../plugin.js';
import { sdkShape } from '../../sdk-shape/index.js';
import type { ClientExports } from '../client/index.js';
import { emitQueries } from './emit.js';
import { TANSTACK_QUERY_OPTIONS, type TanstackQueryPluginOptions } from './options.js';
import { planQueries } from './plan.js';

export default definePlugin<TanstackQueryPluginOptions>({
  name: 'tanstack-query',
  description:
    'TanStack Query for the TypeScript client (tanstack-query/): query, infinite and mutation options, React hooks, Vue composables',
  dependencies: ['client'],
  options: TANSTACK_QUERY_OPTIONS,
  optIn: true,
  proves:
    'the React and Vue tests against the reference service (test/integration/generators/plugins/tanstack-query/) and the strict typecheck on every public spec',
  generate({ ir, dependency, options, root }) {
    const client = dependency('client') as ClientExports;
    const plan = planQueries(ir, client, sdkShape(ir).names);
    // In the order the option lists them would make the output depend on how the config is written.
    const frameworks = (['react', 'vue'] as const).filter((framework) =>
      options.frameworks.includes(framework),
    );
    return { files: emitQueries(plan, frameworks, root, client.version) };
  },
});
