// Reads a multipart/form-data body into its text fields and file parts (the OpenAI SDK uploads `input_reference`).
import { multipartBoundary } from '../relay/multipart-fields';

/** One file part. */
export interface UploadedFile {
  fileName: string;
  mimeType: string;
  data: Buffer;
}

/** The fields and files of a body; null when the content type is not multipart or the body has no boundary. */
export function readMultipart(contentType: string | undefined, body: Buffer): { fields: Record<string, string>; files: Record<string, UploadedFile> } | null {
  const boundary = multipartBoundary(contentType);
  if (!boundary) return null;
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start >= 0) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString('latin1') === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) break;
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd >= 0) {
      const headers = part.subarray(0, headerEnd).toString('utf8');
      const data = part.subarray(headerEnd + 4);
      const name = /name="([^"]*)"/i.exec(headers)?.[1];
      const fileName = /filename="([^"]*)"/i.exec(headers)?.[1];
      if (name !== undefined && fileName !== undefined) files[name] = { fileName, mimeType: /content-type:\s*([^\r\n;]+)/i.exec(headers)?.[1]?.trim() ?? 'application/octet-stream', data: Buffer.from(data) };
      else if (name !== undefined) fields[name] = data.toString('utf8');
    }
    start = next;
  }
  return { fields, files };
}
