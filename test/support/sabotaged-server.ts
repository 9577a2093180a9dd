/**
 * One sabotaged service (sabotaged-service.ts names them), SABOTAGE, served as `npm run serve`
 * serves the reference service, from the environment.
 */
import { serveFromEnvironment } from '../../service/serve.js';
import { openStoreOrExit } from '../../service/store/open.js';
import { isSabotage, sabotagedParts, SABOTAGES } from './sabotaged-service.js';

const sabotage = process.env.SABOTAGE;
if (!isSabotage(sabotage)) {
  console.error(
    `sabotaged: SABOTAGE must be one of ${SABOTAGES.join(', ')}; got ${JSON.stringify(sabotage)}`,
  );
  process.exit(1);
}
const store = await openStoreOrExit('sabotaged');
await serveFromEnvironment('sabotaged', sabotagedParts(sabotage, store, process.env));
