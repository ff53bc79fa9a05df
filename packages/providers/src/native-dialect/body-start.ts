// Tells a stream from the one JSON body some upstreams answer in its place (a refused call, an error with HTTP 200):
// by the first byte that is not white space, `{` opening a JSON object and anything else the stream.

const OPEN_BRACE = 0x7b;

const isWhitespace = (byte: number): boolean => byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;

/** Where a body starts (its first byte that is not white space) and whether it opens a JSON object; undefined while it is all white space. */
export function sniffBodyStart(bytes: Uint8Array): { at: number; json: boolean } | undefined {
  const at = bytes.findIndex((byte) => !isWhitespace(byte));
  return at === -1 ? undefined : { at, json: bytes[at] === OPEN_BRACE };
}
