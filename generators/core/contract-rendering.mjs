/**
 * The contract as JSON and YAML and the mock's copy as JSON (document-worker.ts says what a contract
 * job is), spliced from unit texts (text-renderings.mjs) and reusing an earlier rendering's texts for
 * the units that did not change. The mock's copy shares most of its units with the contract (the same
 * objects, as mock-document.ts shares them): those take the contract's JSON text. Its copy of the
 * whole contract (the example of `GET /openapi.json`) is the contract's JSON indented to its place,
 * and its `GET /openapi.yaml` example the YAML, as a JSON string. Plain JavaScript: it runs in the
 * document worker, or in the caller's thread for a small document.
 */
import { randomUUID } from 'node:crypto';
import { changedUnits, outline } from './document-units.mjs';
import { jsonEntries, joinJson, joinYaml, yamlEntries } from './text-renderings.mjs';
import { UnsupportedYamlValue, YAML_OPTIONS } from './yaml-printer.mjs';

/** Stands for the contract inside the mock's copy while the copy's units are printed (one per thread, so such a unit stays the same). */
const EMBEDDED = `contract JSON ${randomUUID()}`;

/** `value` with the node at `path` replaced by `replacement`: copies along the path, shares the rest. */
function replacedAt(value, path, replacement) {
  if (path.length === 0) return replacement;
  if (!value || typeof value !== 'object' || !(path[0] in value)) return value;
  return { ...value, [path[0]]: replacedAt(value[path[0]], path.slice(1), replacement) };
}

/** The node at `path`, or undefined. */
function at(value, path) {
  return path.reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), value);
}

/**
 * The contract's JSON and YAML and the mock's JSON for a contract job, and the state a later call
 * reuses (`previous`). The documents are only read.
 */
export async function renderContractIncrementally(job, previous) {
  const { document, withYaml, yamlMarker, embeddedAt } = job;
  const shape = outline(document);
  const changed = changedUnits(previous?.shape, shape);
  const json = jsonEntries(shape, changed, previous?.json);
  const yamlHeaders = previous?.yamlHeaders ?? new Map();
  let yaml;
  let yamlTexts;
  try {
    yamlTexts = yamlEntries(shape, changed, previous?.yaml);
    yaml = joinYaml(shape, yamlTexts, yamlHeaders);
  } catch (error) {
    if (!(error instanceof UnsupportedYamlValue)) throw error;
    // Outside what the printer reproduces: `yaml` itself prints the whole document, the same bytes, slower.
    const { stringify } = await import('yaml');
    yaml = stringify(document, YAML_OPTIONS);
    yamlTexts = undefined;
  }

  // The mock's copy, the contract in it replaced by a marker: its units are small and mostly the contract's.
  const embeds = embeddedAt !== undefined && at(withYaml, embeddedAt) === document;
  const mockDocument = embeds ? replacedAt(withYaml, embeddedAt, EMBEDDED) : withYaml;
  const mockShape = outline(mockDocument);
  const shared = new Set();
  for (const [pointer, { value }] of mockShape.units)
    if (shape.units.get(pointer)?.value === value) shared.add(pointer);
  const mockChanged = changedUnits(previous?.mockShape, mockShape, (pointer) =>
    shared.has(pointer) && previous.mockShared.has(pointer) ? !changed.has(pointer) : undefined,
  );
  const mockTexts = jsonEntries(mockShape, mockChanged, previous?.mockJson, (pointer) =>
    shared.has(pointer) ? json.get(pointer) : undefined,
  );
  // One join of the pieces: the copy's own text, the contract indented where it is embedded, the YAML
  // as a JSON string where its marker is (strings of tens of megabytes are copied once).
  const mockText = joinJson(mockShape, mockTexts);
  const indented = previous?.indented ?? new Map();
  const splices = [];
  if (embeds) {
    const marker = JSON.stringify(EMBEDDED);
    const where = mockText.indexOf(marker);
    const lineStart = mockText.lastIndexOf('\n', where) + 1;
    const indent = mockText.slice(lineStart, where).search(/[^ ]/);
    splices.push({ where, length: marker.length, text: () => indentedJson(shape, json, indent, indented) });
  }
  const yamlMarkerText = JSON.stringify(yamlMarker);
  const yamlAt = mockText.indexOf(yamlMarkerText);
  if (yamlAt !== -1)
    splices.push({ where: yamlAt, length: yamlMarkerText.length, text: () => JSON.stringify(yaml) });
  const pieces = [];
  let from = 0;
  for (const splice of splices.sort((a, b) => a.where - b.where)) {
    pieces.push(mockText.slice(from, splice.where), splice.text());
    from = splice.where + splice.length;
  }
  pieces.push(mockText.slice(from));
  const mock = pieces.join('');
  return {
    rendered: { json: joinJson(shape, json), yaml, mock },
    stats: {
      units: shape.units.size,
      rendered: [...changed].filter((pointer) => shape.units.has(pointer)),
      mockRendered: [...mockChanged].filter(
        (pointer) => mockShape.units.has(pointer) && !shared.has(pointer),
      ),
    },
    state: {
      shape,
      json,
      yaml: yamlTexts,
      yamlHeaders,
      mockShape,
      mockJson: mockTexts,
      mockShared: shared,
      indented,
    },
  };
}

/** The contract's JSON indented `indent` deeper, each unit's indented text kept while the unit's text is the same. */
function indentedJson(shape, json, indent, cache) {
  const extra = ' '.repeat(indent);
  const texts = new Map();
  for (const [pointer, text] of json) {
    const kept = cache.get(pointer);
    if (kept && kept.text === text && kept.indent === indent) texts.set(pointer, kept.indented);
    else {
      // Joined, not concatenated: a flat string, which the join of the whole copies fastest.
      const indented = [extra, text.replaceAll('\n', `\n${extra}`)].join('');
      cache.set(pointer, { text, indent, indented });
      texts.set(pointer, indented);
    }
  }
  for (const pointer of cache.keys()) if (!json.has(pointer)) cache.delete(pointer);
  return joinJson(shape, texts, indent, true);
}
