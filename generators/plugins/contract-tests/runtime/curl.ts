/**
 * A curl line that sends exactly what a check sent: the path and query in the parameters' styles,
 * the credentials where the spec puts them, the body in its media type. Keys the run was given are
 * named by their environment variable ($CONTRACT_API_KEY, ...), never printed; keys the suite
 * forged (an unknown or malformed one) are shown, since they are no one's secret.
 */
import { placeKey, urlOf, type RequestSpec } from './request.js';
import { cookieHeader, headerValue } from './serialize.js';
import type { Target } from './target.js';

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** The shell expression for a key the run was given (its environment variable), or undefined for a key the suite made up. */
function keyVariable(target: Target, key: string): string | undefined {
  if (key === target.apiKey) return '$CONTRACT_API_KEY';
  if (key === target.otherAccountKey) return '$CONTRACT_OTHER_ACCOUNT_KEY';
  if (key === target.revokedKey) return '$CONTRACT_REVOKED_KEY';
  const index = target.keys.findIndex((candidate) => candidate.key === key);
  return index >= 0 ? `$(printf %s "$CONTRACT_KEYS" | jq -r '.[${index}].key')` : undefined;
}

export function curlLine(target: Target, request: RequestSpec): string {
  const key = request.key === undefined ? target.apiKey : request.key;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {}))
    headers[name] = headerValue(
      request.params?.find(
        (param) => param.in === 'header' && param.name.toLowerCase() === name.toLowerCase(),
      ),
      value,
    );
  const query = { ...(request.query ?? {}) };
  const cookies = { ...(request.cookies ?? {}) };
  const variable = key ? keyVariable(target, key) : undefined;
  // A placeholder goes where the key goes, then becomes the variable (inside double quotes, so the shell expands it).
  const PLACEHOLDER = '@@KEY@@';
  if (key) placeKey(request.auth, variable ? PLACEHOLDER : key, { headers, query, cookies });
  if (Object.keys(cookies).length)
    headers.cookie = cookieHeader(request.params?.filter((param) => param.in === 'cookie') ?? [], cookies);
  const word = (text: string) =>
    variable && text.includes(PLACEHOLDER)
      ? `"${text.replace(/(["\\$`])/g, '\\$1').replace(PLACEHOLDER, () => variable)}"`
      : quote(text);
  const url = urlOf(target, request, query).toString().replace(encodeURIComponent(PLACEHOLDER), PLACEHOLDER);
  const parts = ['curl', '-i', '-X', request.method.toUpperCase(), word(url)];
  if (request.accept) parts.push('-H', quote(`Accept: ${request.accept}`));
  for (const [name, value] of Object.entries(headers)) parts.push('-H', word(`${name}: ${value}`));
  if (request.body !== undefined) {
    const type = request.contentType ?? 'application/json';
    if (/^multipart\/form-data/i.test(type) && request.body && typeof request.body === 'object') {
      for (const [name, value] of Object.entries(request.body as Record<string, unknown>))
        parts.push(
          '-F',
          quote(`${name}=${typeof value === 'object' ? JSON.stringify(value) : String(value)}`),
        );
    } else {
      parts.push(
        '-H',
        quote(`Content-Type: ${type}`),
        '--data-raw',
        quote(
          typeof request.body === 'string' && !/json/i.test(type)
            ? request.body
            : /x-www-form-urlencoded/i.test(type)
              ? new URLSearchParams(
                  Object.entries(request.body as Record<string, unknown>).map(([name, value]) => [
                    name,
                    String(value),
                  ]),
                ).toString()
              : JSON.stringify(request.body),
        ),
      );
    }
  }
  return parts.join(' ');
}
