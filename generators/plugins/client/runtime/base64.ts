/** Base64 without Node's Buffer, so that the client runs in browsers, Deno and workers as well. */

/** Base64 of the text's UTF-8 bytes (HTTP basic credentials), on every runtime with btoa. */
export function base64Text(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
