/**
 * Opaque paging cursors: the boundary item's sequence number and the list it belongs to,
 * signed with a server secret. A tampered cursor, or one from another list, account or
 * environment, fails verification and is answered 400 `invalid_cursor`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_BYTES = 16;
const SIGNATURE_CHARS = 22; // base64url of 16 bytes, unpadded

export class CursorCodec {
  constructor(private readonly secret: string) {}

  private sign(payload: string, list: string): Buffer {
    return createHmac('sha256', this.secret)
      .update(`${list}\n${payload}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }

  /** A cursor for the item with sequence `seq` in `list` (e.g. "acct_1:test:subjects"). */
  encode(seq: number, list: string): string {
    const payload = Buffer.from(seq.toString(36)).toString('base64url');
    return `${payload}${this.sign(payload, list).toString('base64url')}`;
  }

  /** The sequence number, or undefined when the cursor is not one this server issued for `list`. */
  decode(cursor: string, list: string): number | undefined {
    if (cursor.length <= SIGNATURE_CHARS || !/^[A-Za-z0-9_-]+$/.test(cursor)) return undefined;
    const payload = cursor.slice(0, -SIGNATURE_CHARS);
    const given = Buffer.from(cursor.slice(-SIGNATURE_CHARS), 'base64url');
    const expected = this.sign(payload, list);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    const seq = Number.parseInt(Buffer.from(payload, 'base64url').toString(), 36);
    return Number.isSafeInteger(seq) && seq >= 0 ? seq : undefined;
  }
}
