/** Types of document-units.mjs (plain JavaScript, for the document worker), for the TypeScript callers. */
export interface DocumentOutline {
  entries: unknown[];
  units: Map<string, { path: string[]; value: unknown }>;
}
export declare function pointerOf(path: Array<string | number>): string;
export declare function isPlainObject(value: unknown): value is Record<string, unknown>;
export declare function outline(document: unknown): DocumentOutline;
export declare function unitsOfPath(units: DocumentOutline['units'], keys: string[]): string[] | undefined;
/** Deep equality as a printer sees it: same keys in the same order, same items, primitives by Object.is. */
export declare function sameValue(a: unknown, b: unknown): boolean;
export declare function changedUnits(
  previous: DocumentOutline | undefined,
  next: DocumentOutline,
  known?: (pointer: string, value: unknown) => boolean | undefined,
): Set<string>;
