/**
 * JSON Schema patterns as ECMA-262 reads them with the `u` flag (Ajv compiles them so). Specs
 * written for other engines use escapes that `u` refuses but whose meaning is clear: an identity
 * escape of a character that needs none (`\_`, `\:` — AWS writes `^[\-\_\.a-zA-Z0-9]+$`) is that
 * character, a legacy octal escape (`\000-\037`) is the code unit it names, PCRE's and Java's
 * `\x{60}` is the code point it names (AWS location), and a dash beside a class escape in a class
 * (`[\w- ]`, AWS IoT Events) is a dash; Java's POSIX classes (`\p{XDigit}`) are their ASCII
 * members, a script by its bare name or a property with Java's `Is` prefix is spelled as
 * ECMA-262 spells it (`\p{Script=Han}`), and a brace that starts no quantifier or a bracket that
 * ends no class is that character (`^\{[\w\s:]*}$`, AWS Storage Gateway). Such a pattern is
 * translated; one that still does not compile is left as written (generation refuses it:
 * schema-patterns.ts).
 */

/** Escapes `u` mode accepts after a backslash, besides the syntax characters. */
const ESCAPE_LETTERS = new Set([...'bBdDsSwWfnrtvcxuk0pP']);
const SYNTAX = new Set([...'^$\\.*+?()[]{}|/']);

function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

const hex = (code: number) => `\\x${code.toString(16).padStart(2, '0')}`;
/** Class escapes: a range cannot end at one, so a dash beside one in a class is literal outside `u`. */
const CLASS_ESCAPE = /^\\[dDsSwW]/;

/**
 * Java's POSIX classes (`java.util.regex.Pattern`, US-ASCII only), as the contents of an ECMA
 * class: those ECMA-262 refuses after `\p` (AWS's Elasticsearch writes UUIDs with `\p{XDigit}`).
 * Lower, Upper, ASCII and Alpha compile with `u` as Unicode's properties, and are left so.
 */
const JAVA_POSIX: Record<string, string> = {
  Digit: '0-9',
  Alnum: 'a-zA-Z0-9',
  Punct: '\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e',
  Graph: '\\x21-\\x7e',
  Print: '\\x20-\\x7e',
  Blank: ' \\t',
  Cntrl: '\\x00-\\x1f\\x7f',
  XDigit: '0-9a-fA-F',
  Space: ' \\t\\n\\x0b\\f\\r',
};

/**
 * A Unicode property written as PCRE and Java write it and ECMA-262 does not: a script by its bare
 * name (`\p{Han}`, amadeus hotel booking) or Java's `Is` prefix on a script or property
 * (`\p{IsLatin}`, `\p{IsLetter}`, AWS Alexa for Business). ECMA-262 spells the first
 * `\p{Script=Han}` and the last `\p{Letter}`.
 */
function scriptProperty(name: string): string | undefined {
  const bare = name.startsWith('Is') ? name.slice(2) : name;
  for (const candidate of name === bare ? [`Script=${name}`] : [bare, `Script=${bare}`])
    if (compiles(`\\p{${candidate}}`, 'u')) return candidate;
  return undefined;
}

const translated = new Map<string, string>();

/** The pattern as `u` mode reads it, or the pattern itself when it compiles already or cannot be translated. */
export function ecmaPattern(pattern: string): string {
  let known = translated.get(pattern);
  if (known === undefined) translated.set(pattern, (known = translate(pattern)));
  return known;
}

function translate(pattern: string): string {
  if (compiles(pattern, 'u') || !compiles(pattern, '')) return pattern;
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern[i];
    if (!inClass && (char === '{' || char === '}' || char === ']')) {
      // Annex B reads a brace that starts no quantifier, and a bracket that ends no class, as itself.
      const quantifier = char === '{' ? /^\{\d+(,\d*)?\}/.exec(pattern.slice(i))?.[0] : undefined;
      out += quantifier ?? `\\${char}`;
      i += quantifier ? quantifier.length - 1 : 0;
      continue;
    }
    // A class inside a class (Java's `[a-z&&[^x]]`, POSIX's `[[:alpha:]]`): Annex B reads the
    // first `]` as its end and the rest as literal text, which is not what it says.
    if (inClass && char === '[') return pattern;
    if (char !== '\\') {
      if (char === '[') inClass = true;
      else if (char === ']') inClass = false;
      const besideClassEscape =
        char === '-' &&
        inClass &&
        (CLASS_ESCAPE.test(pattern.slice(i - 2, i)) || CLASS_ESCAPE.test(pattern.slice(i + 1)));
      out += besideClassEscape ? '\\-' : char;
      continue;
    }
    const next = pattern[i + 1];
    if (next === undefined) return pattern;
    const codePoint = /^x\{([0-9a-fA-F]{1,6})\}/.exec(pattern.slice(i + 1));
    if (codePoint) {
      out += `\\u{${codePoint[1]}}`;
      i += codePoint[0].length;
      continue;
    }
    const property = /^([pP])\{(\w+)\}/.exec(pattern.slice(i + 1));
    if (property && !compiles(`\\p{${property[2]}}`, 'u')) {
      const [written, letter, name] = property;
      const script = scriptProperty(name);
      if (script) {
        out += `\\${letter}{${script}}`;
        i += written.length;
        continue;
      }
      if (Object.hasOwn(JAVA_POSIX, name)) {
        // A negated class inside a class would need subtraction, which `u` mode lacks.
        if (letter === 'P' && inClass) return pattern;
        const members = JAVA_POSIX[name];
        out += inClass ? members : `[${letter === 'P' ? '^' : ''}${members}]`;
        i += written.length;
        continue;
      }
    }
    const octal = /^[0-7]{1,3}/.exec(pattern.slice(i + 1))?.[0];
    if (octal && (next === '0' || inClass) && parseInt(octal, 8) < 256) {
      // Annex B reads \0dd (and, in a class, \dd) as an octal code unit.
      out += hex(parseInt(octal, 8));
      i += octal.length;
    } else if (
      SYNTAX.has(next) ||
      ESCAPE_LETTERS.has(next) ||
      (inClass && next === '-') ||
      /[1-9]/.test(next)
    ) {
      out += `\\${next}`;
      i += 1;
      // \cX, \xHH, \uHHHH, \u{…}, \p{…}, \k<…> keep what follows as it is.
    } else {
      // An identity escape `u` refuses: the character itself (a dash outside a class means a dash).
      out += next === '-' ? '-' : next;
      i += 1;
    }
  }
  return compiles(out, 'u') ? out : pattern;
}
