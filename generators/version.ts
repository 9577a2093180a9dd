/** Version of the generators, recorded in generated/provenance.json. Bump on output changes. */
export const GENERATOR_VERSION = '0.1.0';
