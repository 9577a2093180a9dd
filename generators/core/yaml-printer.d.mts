/** Types of yaml-printer.mjs (plain JavaScript, for the document worker). */
export declare const YAML_OPTIONS: Readonly<{
  aliasDuplicateObjects: false;
  lineWidth: 0;
  directives: false;
}>;
export declare class UnsupportedYamlValue extends Error {}
/** `value` as YAML, byte for byte what `yaml` prints with YAML_OPTIONS; throws UnsupportedYamlValue outside JSON values under a collection. */
export declare function printYaml(value: unknown): string;
