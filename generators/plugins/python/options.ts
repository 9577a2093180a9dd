/** The Python plugin's options (the config's `{ name: 'python', options: { … } }`). */
import type { OptionSchema } from '../../plugin.js';
import { KEYWORDS } from './naming.js';

export interface PythonPluginOptions {
  /** The package's import name (`import acme_api`); default: the SDK name in snake case. */
  packageName?: string;
}

export const PYTHON_OPTIONS: Record<keyof PythonPluginOptions, OptionSchema> = {
  packageName: {
    type: 'string',
    pattern: '^[a-z_][a-z0-9_]*$',
    not: { enum: [...KEYWORDS] },
    description:
      "the package's import name, a lower-case Python identifier that is no keyword (default: the SDK name in snake case, e.g. assessment_service)",
  },
};
