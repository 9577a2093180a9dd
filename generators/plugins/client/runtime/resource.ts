/** Base of every generated resource class: holds the client its methods call through. */
import type { BaseClient } from './client.js';

export class APIResource {
  constructor(protected readonly _client: BaseClient) {}
}
