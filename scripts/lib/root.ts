/** The toolkit's own folder (generators/, scripts/): this checkout, or the installed contract-kit package. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
