/** The public specs installed from npm that the generators are held to (and our fixtures): generation, typechecking, registration and the round trip. */
export const PUBLIC_SPECS: Array<{ name: string; spec: string; minOperations?: number }> = [
  { name: 'Petstore (OpenAPI 3.0)', spec: 'node_modules/@readme/oas-examples/3.0/yaml/petstore.yaml' },
  { name: 'Petstore (OpenAPI 3.1)', spec: 'node_modules/@readme/oas-examples/3.1/yaml/petstore.yaml' },
  { name: 'Train Travel (OpenAPI 3.1)', spec: 'node_modules/@readme/oas-examples/3.1/yaml/train-travel.yaml' },
  { name: 'Webhooks only, no paths (OpenAPI 3.1)', spec: 'node_modules/@readme/oas-examples/3.1/yaml/webhooks.yaml', minOperations: 0 },
  { name: 'Parameter styles (OpenAPI 3.0)', spec: 'node_modules/@readme/oas-examples/3.0/yaml/parameters-style.yaml' },
  { name: 'Circular schemas (OpenAPI 3.0)', spec: 'node_modules/@readme/oas-examples/3.0/yaml/schema-circular.yaml' },
  { name: 'Scalar Galaxy (OpenAPI 3.1)', spec: 'node_modules/@scalar/galaxy/dist/latest.yaml' },
  { name: "GitHub's REST API (1,2xx operations)", spec: 'node_modules/@octokit/openapi/generated/api.github.com.json' },
  { name: 'Widget fixture (OpenAPI 3.0)', spec: 'test/fixtures/specs/widgets-3.0.yaml' },
];
