// A small multipart/form-data reader for the mock upstream (audio uploads); test-grade, not streaming.

/** An uploaded file of a multipart body. */
export interface MockMultipartFile {
  field: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A parsed multipart body: text fields and files. */
export interface MockMultipartBody {
  fields: Record<string, string>;
  files: MockMultipartFile[];
}

/** Reads the boundary parameter of a multipart content type; undefined when absent. */
export function readMultipartBoundary(contentType: string | undefined): string | undefined {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType ?? '');
  return match?.[1] ?? match?.[2]?.trim();
}

/** Parses a complete multipart/form-data body. */
export function parseMultipartBody(body: Buffer, boundary: string): MockMultipartBody {
  const result: MockMultipartBody = { fields: {}, files: [] };
  const delimiter = Buffer.from(`--${boundary}`);
  let cursor = body.indexOf(delimiter);
  while (cursor !== -1) {
    let partStart = cursor + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    if (body[partStart] === 0x0d && body[partStart + 1] === 0x0a) partStart += 2;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) break;
    const partEnd = body[next - 2] === 0x0d && body[next - 1] === 0x0a ? next - 2 : next;
    readPart(body.subarray(partStart, partEnd), result);
    cursor = next;
  }
  return result;
}

function readPart(part: Buffer, result: MockMultipartBody): void {
  const headerEnd = part.indexOf('\r\n\r\n');
  if (headerEnd === -1) return;
  const headers = part.subarray(0, headerEnd).toString('utf8');
  const content = part.subarray(headerEnd + 4);
  const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
  const name = /\bname="([^"]*)"/i.exec(disposition)?.[1];
  if (name === undefined) return;
  const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
  if (filename === undefined) {
    result.fields[name] = content.toString('utf8');
    return;
  }
  const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
  result.files.push({ field: name, filename, contentType, bytes: Buffer.from(content) });
}
