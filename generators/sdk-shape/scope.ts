/**
 * One namespace of generated names (a module's exports, a class's members, a method's
 * arguments): reserved names are never handed out, and a name already taken gets the language's
 * suffix ("Foo" -> "Foo2" in TypeScript; "self" -> "self_" -> "self_2" in Python).
 */
export class NameScope {
  private readonly taken = new Set<string>();
  constructor(
    reserved: Iterable<string> = [],
    /** The n-th try for a taken base (n from 1): the language's suffix rule. */
    private readonly variant: (base: string, attempt: number) => string = (base, attempt) =>
      `${base}${attempt + 1}`,
    /** The form two names are compared in (as they are, unless a file system folds them). */
    private readonly key: (name: string) => string = (name) => name,
  ) {
    for (const name of reserved) this.taken.add(this.key(name));
  }

  claim(base: string): string {
    let name = base;
    for (let attempt = 1; this.taken.has(this.key(name)); attempt += 1) name = this.variant(base, attempt);
    this.taken.add(this.key(name));
    return name;
  }

  has(name: string): boolean {
    return this.taken.has(this.key(name));
  }
}

/**
 * One folder's file names (without extension): names that differ only in letter case are one
 * name, as on a case-insensitive file system and under TypeScript's forceConsistentCasingInFileNames
 * (TS1149), so the later one, in the order claimed, gets the suffix ("plugins", "plugIns" ->
 * "plugIns2"). Every emitter that names a file after a spec's name claims it here.
 */
export function fileNameScope(reserved: Iterable<string> = []): NameScope {
  return new NameScope(reserved, undefined, (name) => name.toLowerCase());
}
