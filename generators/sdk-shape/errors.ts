/**
 * The error classes both SDKs raise for an HTTP status, one list for both READMEs (each runtime
 * defines the classes: client/runtime/errors.ts, python/runtime/_errors.py; a unit test holds the
 * runtimes to this list). Both SDKs spell the names alike.
 */
export interface StatusError {
  /** The class name in both SDKs. */
  name: string;
  /** The status it stands for, as READMEs write it: `404`, `5xx`. */
  status: string;
}

export const STATUS_ERRORS: readonly StatusError[] = [
  { name: 'BadRequestError', status: '400' },
  { name: 'AuthenticationError', status: '401' },
  { name: 'PermissionDeniedError', status: '403' },
  { name: 'NotFoundError', status: '404' },
  { name: 'ConflictError', status: '409' },
  { name: 'UnprocessableEntityError', status: '422' },
  { name: 'RateLimitError', status: '429' },
  { name: 'InternalServerError', status: '5xx' },
];

/**
 * The list as README prose: "`BadRequestError` (400), …"; `notes` adds to a class's parenthesis
 * (`RateLimitError: 'with `retry_after`'`).
 */
export function statusErrorsText(notes: Record<string, string> = {}): string {
  return STATUS_ERRORS.map(
    (error) => `\`${error.name}\` (${error.status}${notes[error.name] ? `, ${notes[error.name]}` : ''})`,
  ).join(', ');
}
