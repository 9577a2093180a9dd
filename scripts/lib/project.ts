/**
 * The project a command works on: the working folder, its contract-kit.config.ts and the documents
 * it lists (as npm scripts, and every peer's CLI, take the folder they run in).
 */
import path from 'node:path';
import { ConfigError, findConfig } from '../../generators/config.js';
import { configuredDocuments, type DocumentTarget } from '../../generators/pipeline.js';
import { failCli } from './cli-args.js';

/** The config's documents; a mistake in the config (or none there) is one line, exit 2. */
export async function configuredDocumentsOrExit(command: string): Promise<DocumentTarget[]> {
  try {
    return await configuredDocuments();
  } catch (error) {
    if (error instanceof ConfigError) return failCli(command, error.message);
    throw error;
  }
}

/**
 * The document a command that works on one document takes: without `spec`, the config's first;
 * with it, that spec, and the listed document it is if the config lists it (a folder without a
 * config still takes any spec given).
 */
export async function chosenDocument(
  command: string,
  spec: string | undefined,
): Promise<{ spec: string; listed?: DocumentTarget }> {
  if (spec === undefined) {
    const [first] = await configuredDocumentsOrExit(command);
    return { spec: first.spec, listed: first };
  }
  const documents = findConfig(process.cwd()) ? await configuredDocumentsOrExit(command) : [];
  return { spec, listed: listedAs(documents, spec) };
}

/** The config's entry for a spec path, however either is written (relative, absolute, `./`). */
export function listedAs(documents: DocumentTarget[], spec: string): DocumentTarget | undefined {
  return documents.find((document) => path.resolve(document.spec) === path.resolve(spec));
}
