// Reads and rewrites plain text fields of a multipart/form-data body without touching its file parts.

/** The boundary of a multipart content type, or null. */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2]).trim() : null;
}

interface FieldLocation {
  valueStart: number;
  valueEnd: number;
}

function locateField(body: Buffer, boundary: string, name: string): FieldLocation | null {
  const delimiter = Buffer.from(`--${boundary}`);
  let cursor = body.indexOf(delimiter);
  while (cursor !== -1) {
    const headerStart = cursor + delimiter.length + 2;
    const headerEnd = body.indexOf('\r\n\r\n', headerStart);
    if (headerEnd === -1) return null;
    const next = body.indexOf(delimiter, headerEnd);
    if (next === -1) return null;
    const headers = body.subarray(headerStart, headerEnd).toString('latin1');
    const disposition = /content-disposition:[^\r\n]*\bname="([^"]*)"/i.exec(headers);
    if (disposition && disposition[1] === name && !/filename=/i.test(headers)) {
      return { valueStart: headerEnd + 4, valueEnd: next - 2 };
    }
    cursor = next;
  }
  return null;
}

/** The value of a text field, or undefined when the body has none. */
export function readMultipartField(body: Buffer, boundary: string, name: string): string | undefined {
  const location = locateField(body, boundary, name);
  return location ? body.subarray(location.valueStart, location.valueEnd).toString('utf8') : undefined;
}

/** A copy of the body with the text field's value replaced (the body itself when the field is absent). */
export function replaceMultipartField(body: Buffer, boundary: string, name: string, value: string): Buffer {
  const location = locateField(body, boundary, name);
  if (!location) return body;
  return Buffer.concat([body.subarray(0, location.valueStart), Buffer.from(value, 'utf8'), body.subarray(location.valueEnd)]);
}
