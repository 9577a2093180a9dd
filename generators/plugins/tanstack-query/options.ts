/** The tanstack-query plugin's options (the config's `{ name: 'tanstack-query', options: { … } }`). */
import type { OptionSchema } from '../../plugin.js';
import type { Framework } from './adapters.js';

export interface TanstackQueryPluginOptions {
  /** The framework adapters to generate, besides the framework-free option builders. */
  frameworks: Framework[];
}

export const TANSTACK_QUERY_OPTIONS: Record<keyof TanstackQueryPluginOptions, OptionSchema> = {
  frameworks: {
    type: 'array',
    items: { type: 'string', enum: ['react', 'vue'] },
    uniqueItems: true,
    default: ['react', 'vue'],
    description:
      'the framework adapters to generate (react: hooks, vue: composables) besides the framework-free option builders',
  },
};
