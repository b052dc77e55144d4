import type { LightMyRequestResponse } from 'fastify';
import type { Browser, TestApp } from './client';

/** Test files for verification uploads. */

/** a valid 1×1 PNG */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
/** the start of a JPEG (SOI, JFIF APP0): enough for the type check */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), Buffer.alloc(64, 0), Buffer.from([0xff, 0xd9])]);
/** a minimal PDF */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1');

export interface FilePart {
  name?: string;
  filename: string;
  type: string;
  bytes: Buffer;
}

export function multipartBody(fields: Record<string, string>, file?: FilePart): { body: Buffer; contentType: string } {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** POST a multipart upload (POST /upload unless `url`) as the browser: its cookies, its CSRF header unless csrf: false. */
export async function upload(
  t: TestApp,
  browser: Browser,
  fields: Record<string, string>,
  file?: FilePart,
  options: { csrf?: boolean; url?: string } = {},
): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipartBody(fields, file);
  const headers: Record<string, string> = { 'content-type': contentType };
  if (browser.cookies.size > 0) headers.cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  if (options.csrf !== false && browser.csrf) headers['x-csrf-token'] = browser.csrf;
  return t.app.inject({ method: 'POST', url: options.url ?? '/upload', headers, payload: body });
}

/** a PNG file part */
export const pngFile = (filename = 'scan.png'): FilePart => ({ filename, type: 'image/png', bytes: PNG });
