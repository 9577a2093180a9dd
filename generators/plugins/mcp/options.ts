/** The mcp plugin's options (the config's `{ name: 'mcp', options: { … } }`): the server's defaults, which its flags override. */
import type { OptionSchema } from '../../plugin.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** An HTTP method as the config may write it: `get` or `GET` (the server compares them in lower case). */
type HttpMethod = (typeof METHODS)[number] | Uppercase<(typeof METHODS)[number]>;

export interface McpPluginOptions {
  tools: 'auto' | 'each' | 'discovery';
  maxTools: number;
  readOnly: boolean;
  tags?: string[];
  excludeTags?: string[];
  paths?: string[];
  excludePaths?: string[];
  methods?: HttpMethod[];
}

const strings = (description: string): OptionSchema => ({
  type: 'array',
  items: { type: 'string', minLength: 1 },
  description,
});

export const MCP_OPTIONS: Record<keyof McpPluginOptions, OptionSchema> = {
  tools: {
    type: 'string',
    enum: ['auto', 'each', 'discovery'],
    default: 'auto',
    description:
      'each: one tool per operation; discovery: three tools that list, describe and call operations; auto: each up to maxTools operations, else discovery',
  },
  maxTools: {
    type: 'integer',
    minimum: 1,
    default: 40,
    description: 'with tools: auto, the most operations the server offers one tool each',
  },
  readOnly: {
    type: 'boolean',
    default: false,
    description: 'offer only the operations that change nothing (GET, HEAD, OPTIONS)',
  },
  tags: strings('offer only operations with one of these tags'),
  excludeTags: strings('leave out operations with one of these tags'),
  paths: strings('offer only operations whose path matches one of these patterns (* matches any characters)'),
  excludePaths: strings('leave out operations whose path matches one of these patterns'),
  methods: {
    type: 'array',
    items: { type: 'string', enum: [...METHODS, ...METHODS.map((method) => method.toUpperCase())] },
    description: 'offer only operations with these HTTP methods',
  },
};
