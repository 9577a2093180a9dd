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
  ) {
    for (const name of reserved) this.taken.add(name);
  }

  claim(base: string): string {
    let name = base;
    for (let attempt = 1; this.taken.has(name); attempt += 1) name = this.variant(base, attempt);
    this.taken.add(name);
    return name;
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}
