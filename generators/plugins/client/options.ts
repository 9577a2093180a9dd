/** The client plugin's options (the config's `{ name: 'client', options: { … } }`). */
import type { OptionSchema } from '../../plugin.js';

export interface ClientPluginOptions {
  /** Milliseconds an attempt may take when the caller sets no `timeout` (the runtime's default is 60 000). */
  timeout?: number;
}

export const CLIENT_OPTIONS: Record<keyof ClientPluginOptions, OptionSchema> = {
  timeout: {
    type: 'integer',
    minimum: 1,
    description: 'milliseconds an attempt may take when the caller sets none (default 60000)',
  },
};
