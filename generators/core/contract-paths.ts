/** Paths the service and the mock serve the contract at (outside the API's own paths). */
export const CONTRACT_PATHS = { json: '/openapi.json', yaml: '/openapi.yaml' } as const;
