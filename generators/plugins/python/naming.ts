/**
 * Python names: the one function that turns a spec name into a Python identifier, and the scope
 * that keeps names unique. Tested on the shapes that broke openapi-generator on public specs:
 * keywords as property names (`from`, `await`), `self` as a parameter, names starting with a
 * digit, and two names that collapse to one (`_id` and `id`, `user-id` and `user_id`).
 */

import { NameScope } from '../../sdk-shape/index.js';

/** Python keywords (3.7+, where `async` and `await` became reserved). Soft keywords such as `type` and `match` stay usable. */
export const KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);

/** What a name is for; each kind has its own case and its own fix for a leading digit. */
export type PythonNameKind = 'variable' | 'class' | 'constant' | 'module';

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

/**
 * A spec name as a Python identifier of the given kind:
 * variable "userId" -> "user_id", "from" -> "from_", "2fa" -> "_2fa", "_id" -> "_id" (kept: it is
 * already snake case, so it cannot collide with "id"); class "check-runs" -> "CheckRuns",
 * "2fa" -> "N2fa"; constant "list subjects" -> "LIST_SUBJECTS", "2fa" -> "_2FA";
 * module "1password" -> "api_1password".
 */
export function pythonName(text: string, kind: PythonNameKind): string {
  let name: string;
  if (kind === 'variable' && /^_*[a-z][a-z0-9_]*$/.test(text)) name = text;
  else {
    const parts = words(text);
    if (parts.length === 0) name = kind === 'class' ? 'Model' : 'value';
    else if (kind === 'class')
      name = parts.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
    else if (kind === 'constant') name = parts.map((word) => word.toUpperCase()).join('_');
    else name = parts.map((word) => word.toLowerCase()).join('_');
  }
  // A leading underscore would make a class private to its module (strict pyright refuses the
  // import) and a module name look private, so those get a letter prefix instead.
  if (/^[0-9]/.test(name))
    name = kind === 'module' ? `api_${name}` : kind === 'class' ? `N${name}` : `_${name}`;
  return KEYWORDS.has(name) ? `${name}_` : name;
}

/**
 * Hands out unique names in one namespace. Reserved names are never handed out: a name that is
 * taken gets a trailing underscore ("self" -> "self_"), then a number ("user_id" -> "user_id_2").
 */
export class PythonScope extends NameScope {
  constructor(reserved: Iterable<string> = []) {
    super(reserved, (base, attempt) => (attempt === 1 ? `${base}_` : `${base}_${attempt}`));
  }
}

/** Whether text can be a key in class-syntax TypedDict (else the functional syntax is needed). */
export function isPlainIdentifier(text: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(text) && !KEYWORDS.has(text);
}

/** A Python string literal (double quotes, JSON escapes are valid Python escapes). */
export function pyString(text: string): string {
  return JSON.stringify(text);
}

/** A docstring body: no closing triple quote or stray backslash escapes inside. */
export function docText(text: string | undefined): string | undefined {
  if (!text) return undefined;
  // A quote at the very end would run into the closing triple quote.
  const clean = text.trim().replace(/\\/g, '\\\\').replace(/"""/g, '\\"\\"\\"').replace(/"$/, '\\"');
  return clean || undefined;
}
