/**
 * The API's own names in every SDK, from `info.title` (or the name given instead: `info.x-sdk-name`,
 * `npm run generate -- --name`): "Assessment Service API" -> base
 * "assessment-service", client class "AssessmentServiceClient", npm package
 * "assessment-service-client", environment variables "ASSESSMENT_SERVICE_*". Each language
 * spells the base its own way (Python: package "assessment_service").
 */
import { kebabCase, pascalCase, screamingSnake } from '../core/naming.js';

export interface ApiNames {
  /** The title without "API"/"REST API", as kebab-case words: "assessment-service". */
  base: string;
  /** Environment variable prefix: "ASSESSMENT_SERVICE" (keys in `${envPrefix}_API_KEY`). */
  envPrefix: string;
  /** Client class: "AssessmentServiceClient". */
  clientName: string;
  /** npm package of the TypeScript client: "assessment-service-client". */
  packageName: string;
}

export function apiNames(title: string): ApiNames {
  const baseName = title.replace(/\b(rest\s+)?api\b/gi, '').trim() || 'Api';
  return {
    base: kebabCase(baseName),
    // A shell cannot export a name that starts with a digit (`1_PASSWORD_CONNECT_API_KEY`): an
    // underscore first, as the client class's name has.
    envPrefix: screamingSnake(baseName).replace(/^(?=\d)/, '_'),
    clientName: `${pascalCase(baseName)}Client`,
    packageName: `${kebabCase(baseName)}-client`,
  };
}
