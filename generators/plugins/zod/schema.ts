/**
 * Schema nodes (ir.model) -> zod 4 expressions that accept and refuse what the JSON Schema does.
 * One visitor over the normalised nodes; zod's own checks where they mean the same as JSON Schema,
 * the helpers of runtime/checks.ts where they do not (lengths in code points, integers beyond 2^53,
 * formats as Ajv checks them), and a refinement for a keyword zod has no word for. A keyword no
 * refinement is written for is a warning with its pointer.
 *
 *   { type: 'string', format: 'email', maxLength: 254 }
 *     -> z.string().refine(c.isEmail, 'must be an email').refine(c.lengthAtMost(254), '…')
 */
import type { SchemaModel } from '../../core/schema-model.js';
import { merged } from '../../core/schema-merge.js';
import type {
  ArrayNode,
  NumberNode,
  ObjectNode,
  RefNode,
  SchemaNode,
  StringNode,
  UnionNode,
} from '../../core/schema-nodes.js';
import { visit } from '../../core/schema-visit.js';
import { hiddenOn, type MessageSide } from '../../core/values/sides.js';
import { propertyKey } from '../../core/naming.js';

/** The names a component's schemas are exported under: as written, and per side when it differs there. */
export interface ComponentNames {
  plain: string;
  request?: string;
  response?: string;
}

/** Where an expression is printed: the side of a message (readOnly, writeOnly) and the names it refs. */
interface Place {
  side?: MessageSide;
  /** Property names an enclosing allOf keeps off this side (a `required` in one member, readOnly in another). */
  hidden: Set<string>;
}

/** String formats runtime/checks.ts checks as Ajv does (every other format is an annotation there too). */
const FORMAT_CHECKS: Record<string, string> = {
  date: 'isDate',
  time: 'isTime',
  'date-time': 'isDateTime',
  duration: 'isDuration',
  uri: 'isUri',
  'uri-reference': 'isUriReference',
  'uri-template': 'isUriTemplate',
  email: 'isEmail',
  hostname: 'isHostname',
  ipv4: 'isIpv4',
  ipv6: 'isIpv6',
  uuid: 'isUuid',
  'json-pointer': 'isJsonPointer',
  'relative-json-pointer': 'isRelativeJsonPointer',
  byte: 'isByte',
  regex: 'isRegex',
};
/** Keywords the schema model reads (or that only annotate): any other JSON Schema keyword is looked at below. */
const UNSUPPORTED = ['unevaluatedProperties', 'unevaluatedItems', '$dynamicRef'];

const text = (value: unknown) => JSON.stringify(value);
const isPrimitive = (value: unknown) =>
  value === null || ['string', 'number', 'boolean'].includes(typeof value);

/**
 * An object schema's expression, read off a copy without a prototype when it declares a name every
 * object inherits (`valueOf`, `constructor`): zod reads each declared name, and found Object's member.
 */
export function ownNamesOnly(object: string, names: string[]): string {
  return names.some((name) => name in Object.prototype) ? `z.preprocess(c.ownOnly, ${object})` : object;
}

export class ZodPrinter {
  /** Refs inlined (not component refs) being printed: a cycle through them ends in `z.unknown()`. */
  private readonly inlining = new Set<SchemaNode>();

  constructor(
    private readonly model: SchemaModel,
    private readonly names: Map<string, ComponentNames>,
    private readonly warn: (message: string, pointer: string) => void,
  ) {}

  /** The expression for a node, as the given side of a message reads it (none: as written). */
  expression(node: SchemaNode, side?: MessageSide): string {
    return this.print(node, { side, hidden: new Set() });
  }

  private print(node: SchemaNode, place: Place): string {
    let own = this.own(node, place);
    const wholesale = this.model.dialect === '3.0' && node.declaredTypes.length === 0;
    // 3.1 (and a 3.0 `type` beside nullable): null is one value of the node's own type, and allOf members still judge it.
    if (node.nullable && !wholesale && !['null', 'any'].includes(node.kind)) own = `z.nullable(${own})`;
    const hidden =
      place.side && node.allOf.length > 0
        ? new Set([...place.hidden, ...this.hiddenIn(node, place)])
        : place.hidden;
    for (const member of node.allOf) own = `${own}.and(${this.print(member, { ...place, hidden })})`;
    for (const union of node.variants) own = `${own}.and(${this.union(union, node, place)})`;
    own += this.refinements(node, place);
    // 3.0: `nullable` beside a $ref or a combinator lets null through whatever they say.
    if (node.nullable && wholesale && !['null', 'any'].includes(node.kind)) own = `z.nullable(${own})`;
    return own;
  }

  /** The node's own keywords (its allOf and oneOf/anyOf beside them are added by print). */
  private own(node: SchemaNode, place: Place): string {
    return visit<string>(node, {
      any: () => 'z.unknown()',
      never: () => 'z.never()',
      null: () => 'z.null()',
      boolean: (n) => this.typed(n, 'z.boolean()', 'boolean'),
      integer: (n) => this.typed(n, this.number(n), 'integer'),
      number: (n) => this.typed(n, this.number(n), 'number'),
      string: (n) => this.typed(n, this.string(n), 'string'),
      array: (n) => this.typed(n, this.array(n, place), 'array'),
      object: (n) => this.typed(n, this.object(n, place), 'object'),
      enum: (n) => this.values(n.values),
      const: (n) => this.values([n.value]),
      union: (n) => this.union(n, n, place),
      intersection: (n) =>
        n.members.length === 0
          ? 'z.unknown()'
          : n.members
              .map((member) =>
                this.print(member, {
                  ...place,
                  hidden: new Set([...place.hidden, ...this.hiddenIn(n, place)]),
                }),
              )
              .reduce((all, member) => `${all}.and(${member})`),
      ref: (n) => this.ref(n, place),
      otherwise: () => 'z.unknown()',
    });
  }

  /** A kind the schema infers from its keywords (no `type`): other kinds pass untouched, as JSON Schema says. */
  private typed(node: SchemaNode, expression: string, kind: string): string {
    return node.declaredTypes.length === 0 ? `c.onlyFor(${text(kind)}, ${expression})` : expression;
  }

  private values(values: unknown[]): string {
    if (values.length === 0) return 'z.never()';
    if (values.every(isPrimitive))
      return values.length === 1 ? `z.literal(${text(values[0])})` : `z.literal(${text(values)})`;
    return `z.unknown().refine(c.oneOfValues(${text(values)}), ${text(`must be one of ${text(values)}`)})`;
  }

  private number(node: NumberNode): string {
    let out = 'z.number()';
    const integer = node.kind === 'integer' || node.format === 'int32' || node.format === 'int64';
    if (integer) out += `.refine(c.isInteger, 'must be an integer')`;
    if (node.format === 'int32') out += '.gte(-2147483648).lte(2147483647)';
    if (node.minimum !== undefined) out += `.gte(${node.minimum})`;
    if (node.maximum !== undefined) out += `.lte(${node.maximum})`;
    if (node.exclusiveMinimum !== undefined) out += `.gt(${node.exclusiveMinimum})`;
    if (node.exclusiveMaximum !== undefined) out += `.lt(${node.exclusiveMaximum})`;
    if (node.multipleOf !== undefined)
      out += `.refine(c.multipleOf(${node.multipleOf}), ${text(`must be a multiple of ${node.multipleOf}`)})`;
    return out;
  }

  private string(node: StringNode): string {
    let out = 'z.string()';
    if (node.minLength !== undefined && node.minLength > 0)
      out += `.refine(c.lengthAtLeast(${node.minLength}), ${text(`must be at least ${node.minLength} characters`)})`;
    if (node.maxLength !== undefined)
      out += `.refine(c.lengthAtMost(${node.maxLength}), ${text(`must be at most ${node.maxLength} characters`)})`;
    if (node.pattern !== undefined) out += `.regex(${this.regex(node.pattern, `${node.pointer}/pattern`)})`;
    if (node.format !== undefined && FORMAT_CHECKS[node.format])
      out += `.refine(c.${FORMAT_CHECKS[node.format]}, ${text(`must be a ${node.format} (format)`)})`;
    else if (node.format === 'iso-time' || node.format === 'iso-date-time')
      out += `.refine(c.STRING_FORMATS[${text(node.format)}], ${text(`must be a ${node.format} (format)`)})`;
    else if (node.format === 'url')
      this.warn(
        'format url (a URL on a public host, as Ajv checks it) is not checked by the zod schema: it takes any string here',
        `${node.pointer}/format`,
      );
    return out;
  }

  /** A pattern as ECMA-262 reads it (the `u` flag, as Ajv compiles it); one it cannot read is a warning. */
  private regex(pattern: string, pointer: string): string {
    try {
      new RegExp(pattern, 'u');
      return `new RegExp(${text(pattern)}, 'u')`;
    } catch {
      this.warn(
        `pattern ${text(pattern)} is not an ECMA-262 regular expression with the u flag (JSON Schema's dialect): the zod schema refuses every value here`,
        pointer,
      );
      return '/(?!)/';
    }
  }

  private array(node: ArrayNode, place: Place): string {
    const items = this.print(node.items, place);
    let out =
      node.prefixItems.length > 0
        ? `z.tuple([${node.prefixItems.map((item) => `${this.print(item, place)}.optional()`).join(', ')}], ${items})`
        : `z.array(${items})`;
    if (node.minItems !== undefined && node.minItems > 0) out += `.min(${node.minItems})`;
    if (node.maxItems !== undefined) out += `.max(${node.maxItems})`;
    if (node.uniqueItems) out += `.refine(c.uniqueItems, 'items must be unique')`;
    return out;
  }

  private object(node: ObjectNode, place: Place): string {
    const hidden = new Set([...place.hidden, ...this.hiddenIn(node, place)]);
    const shape = node.properties.map((property) => {
      const optional = !property.required || hidden.has(property.name) || hiddenOn(place.side, property.node);
      const value = this.print(property.node, { side: place.side, hidden: new Set() });
      return `${propertyKey(property.name)}: ${value}${optional ? '.optional()' : ''}`;
    });
    const body = `{ ${shape.join(', ')} }`;
    const extra = node.additionalProperties;
    let out: string;
    if (node.patternProperties.length > 0) out = `z.looseObject(${body})`;
    else if (!extra) out = `z.looseObject(${body})`;
    else if (extra.kind === 'never') out = `z.strictObject(${body})`;
    else if (extra.kind === 'any' && extra.allOf.length === 0 && extra.variants.length === 0)
      out = `z.looseObject(${body})`;
    else
      out = `z.looseObject(${body}).catchall(${this.print(extra, { side: place.side, hidden: new Set() })})`;
    if (node.patternProperties.length > 0) {
      const patterns = node.patternProperties.map(
        (entry) =>
          `[${this.regex(entry.pattern, `${node.pointer}/patternProperties`)}, ${this.print(entry.node, { side: place.side, hidden: new Set() })}]`,
      );
      const additional = !extra ? 'undefined' : extra.kind === 'never' ? 'false' : this.print(extra, place);
      out += `.refine(c.patternProperties([${patterns.join(', ')}], ${text(node.properties.map((p) => p.name))}, ${additional}), 'properties must match their patterns')`;
    }
    const declared = new Set(node.properties.map((property) => property.name));
    const undeclared = node.required.filter((name) => !declared.has(name) && !hidden.has(name));
    if (undeclared.length > 0)
      out += `.refine(c.hasKeys(${text(undeclared)}), ${text(`must have ${undeclared.join(', ')}`)})`;
    if (node.minProperties !== undefined && node.minProperties > 0)
      out += `.refine(c.keysAtLeast(${node.minProperties}), ${text(`must have at least ${node.minProperties} properties`)})`;
    if (node.maxProperties !== undefined)
      out += `.refine(c.keysAtMost(${node.maxProperties}), ${text(`must have at most ${node.maxProperties} properties`)})`;
    if (node.propertyNames)
      out += `.refine(c.keysMatch(${this.print(node.propertyNames, { hidden: new Set() })}), 'property names must match propertyNames')`;
    return ownNamesOnly(
      out,
      node.properties.map((property) => property.name),
    );
  }

  /** oneOf (exactly one member), anyOf (at least one); a discriminated union where the discriminator allows it. */
  private union(union: UnionNode, holder: SchemaNode, place: Place): string {
    const members = union.members.map((member) => this.print(member, place));
    if (members.length === 0) return union.nullable ? 'z.null()' : 'z.never()';
    let out: string;
    const discriminated = this.discriminated(union, holder);
    if (discriminated) out = `z.discriminatedUnion(${text(discriminated)}, [${members.join(', ')}])`;
    else if (members.length === 1) out = members[0];
    else out = union.exclusive ? `z.xor([${members.join(', ')}])` : `z.union([${members.join(', ')}])`;
    return union.nullable && union !== holder ? `z.nullable(${out})` : out;
  }

  /**
   * The discriminator's property, when zod's discriminated union means the same as the oneOf or
   * anyOf: every member a component object (no allOf, no cycle) that requires the property and
   * gives it one const value, each value its own. Otherwise the members are tried as JSON Schema
   * tries them (the discriminator is an annotation for Ajv too).
   */
  private discriminated(union: UnionNode, holder: SchemaNode): string | undefined {
    const discriminator = holder.discriminator ?? union.discriminator;
    if (!discriminator || union.members.length < 2) return undefined;
    const seen = new Set<string>();
    for (const member of union.members) {
      if (member.kind !== 'ref' || member.recursive || member.name === undefined) return undefined;
      const target = member.target;
      if (target.kind !== 'object' || target.allOf.length > 0 || target.variants.length > 0) return undefined;
      if (target.nullable || target.declaredTypes.length === 0 || member.allOf.length > 0) return undefined;
      const property = target.properties.find((each) => each.name === discriminator.propertyName);
      const value =
        property?.node.kind === 'const'
          ? property.node.value
          : property?.node.kind === 'enum' && property.node.values.length === 1
            ? property.node.values[0]
            : undefined;
      if (!property?.required || typeof value !== 'string' || property.node.nullable || seen.has(value))
        return undefined;
      seen.add(value);
    }
    return discriminator.propertyName;
  }

  private ref(node: RefNode, place: Place): string {
    const names = node.name !== undefined ? this.names.get(node.name) : undefined;
    if (names) {
      const name = (place.side && names[place.side]) ?? names.plain;
      return node.recursive ? `z.lazy((): z.ZodType<unknown> => ${name})` : name;
    }
    // A ref to a schema that is not a component (`#/paths/…`, `$defs`): inlined.
    if (this.inlining.has(node)) {
      this.warn(
        `the cycle through ${node.ref} is not followed: the zod schema takes any value there`,
        node.pointer,
      );
      return 'z.unknown()';
    }
    this.inlining.add(node);
    const out = this.print(node.target, place);
    this.inlining.delete(node);
    return out;
  }

  /** Properties an object (its allOf members together) keeps off this side of a message. */
  private hiddenIn(node: SchemaNode, place: Place): string[] {
    if (!place.side) return [];
    const flat = merged(node);
    return flat.kind === 'object'
      ? flat.properties
          .filter((property) => hiddenOn(place.side, property.node))
          .map((property) => property.name)
      : [];
  }

  /** Keywords the model does not carry: a refinement where one can be written, else a warning. */
  private refinements(node: SchemaNode, place: Place): string {
    const schema = node.schema;
    if (!schema || typeof schema !== 'object' || node.kind === 'ref') return '';
    const raw = schema as Record<string, unknown>;
    const at = (key: string) => `${node.pointer}/${key}`;
    const sub = (value: unknown, pointer: string) => this.print(this.model.node(value, pointer), place);
    let out = '';
    const not = raw.not;
    if (not !== undefined && !(typeof not === 'object' && not !== null && Object.keys(not).length === 0))
      out += `.refine(c.refusedBy(${sub(not, at('not'))}), 'must not match the schema in not')`;
    if (raw.if !== undefined && (raw.then !== undefined || raw.else !== undefined))
      out += `.refine(c.conditional(${sub(raw.if, at('if'))}, ${raw.then !== undefined ? sub(raw.then, at('then')) : 'undefined'}, ${raw.else !== undefined ? sub(raw.else, at('else')) : 'undefined'}), 'must match then or else as if decides')`;
    if (raw.contains !== undefined) {
      const min = typeof raw.minContains === 'number' ? raw.minContains : 1;
      const max = typeof raw.maxContains === 'number' ? raw.maxContains : 'Infinity';
      out += `.refine(c.containsItems(${sub(raw.contains, at('contains'))}, ${min}, ${max}), 'must contain matching items')`;
    }
    if (raw.dependentRequired && typeof raw.dependentRequired === 'object')
      out += `.refine(c.dependentRequired(${text(raw.dependentRequired)}), 'must have the properties others depend on')`;
    if (raw.dependentSchemas && typeof raw.dependentSchemas === 'object') {
      const rules = Object.entries(raw.dependentSchemas as Record<string, unknown>).map(
        ([key, value]) => `${text(key)}: ${sub(value, at(`dependentSchemas/${key}`))}`,
      );
      out += `.refine(c.dependentSchemas({ ${rules.join(', ')} }), 'must match the schemas its properties bring')`;
    }
    for (const keyword of UNSUPPORTED)
      if (raw[keyword] !== undefined && !(keyword === 'unevaluatedProperties' && raw[keyword] === true))
        this.warn(
          `${keyword} has no zod equivalent and no refinement is written for it: the zod schema is looser here`,
          at(keyword),
        );
    if (Array.isArray(raw.items))
      this.warn(
        'items as a list (draft 4 tuples) is not read: the zod schema takes any items here',
        at('items'),
      );
    return out;
  }
}
