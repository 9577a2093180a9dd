/**
 * The realistic mode's default strategy: values that look like what they are, by format and by
 * property name. A starting set: mock data (docs/schema-model.md, "The seam") grows it, or passes
 * a strategy of its own to drawValue.
 */
import { formatValue, FORMATS } from './formats.js';
import { strategyFrom, type ValueContext } from './strategy.js';

const FIRST_NAMES = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken'];
const LAST_NAMES = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth', 'Allen', 'Thompson'];
const CITIES = ['Lisbon', 'Nairobi', 'Osaka', 'Quito', 'Tallinn', 'Winnipeg'];

const pick = (list: string[]) => (context: ValueContext) =>
  context.node.kind === 'string' ? context.random.pick(list) : undefined;

export const REALISTIC = strategyFrom({
  formats: Object.fromEntries(
    Object.keys(FORMATS).map((format) => [
      format,
      (context: ValueContext) => formatValue(format, 'drawn', context.random),
    ]),
  ),
  properties: [
    { name: /^(first_?name|given_?name)$/i, value: pick(FIRST_NAMES) },
    { name: /^(last_?name|family_?name|surname)$/i, value: pick(LAST_NAMES) },
    {
      name: /^(full_?)?name$/i,
      value: (context) =>
        context.node.kind === 'string'
          ? `${context.random.pick(FIRST_NAMES)} ${context.random.pick(LAST_NAMES)}`
          : undefined,
    },
    {
      name: /e_?mail$/i,
      value: (context) =>
        context.node.kind === 'string'
          ? `${context.random.pick(FIRST_NAMES)!.toLowerCase()}@example.com`
          : undefined,
    },
    { name: /^city$/i, value: pick(CITIES) },
  ],
});
