// A multipart/form-data body of text fields and one optional file, for upstreams that take uploads (Sora).
import crypto from 'node:crypto';

/** One file part. */
export interface MultipartFile {
  name: string;
  fileName: string;
  mimeType: string;
  data: Uint8Array;
}

/** The body and its content type. */
export function multipartBody(fields: Record<string, string>, file: MultipartFile | null): { contentType: string; body: Uint8Array } {
  const boundary = `----turnpike${crypto.randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  const safe = (value: string): string => value.replace(/["\r\n]/g, '_');
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(name)}"\r\n\r\n${value}\r\n`, 'utf8'));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(file.name)}"; filename="${safe(file.fileName)}"\r\nContent-Type: ${safe(file.mimeType)}\r\n\r\n`, 'utf8'));
    parts.push(Buffer.from(file.data));
    parts.push(Buffer.from('\r\n', 'utf8'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`, 'utf8'));
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}
