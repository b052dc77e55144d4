import { deflateSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';

/** One file for page.setInputFiles. */
export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A real PNG (RGB, noise, so it does not compress): `side` × `side` pixels, about 3·side² bytes.
 * Any image viewer opens it; the server's type check reads its signature.
 */
export function noisePng(side: number, name = 'passport.png'): FilePayload {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < side; y++) rows.push(Buffer.concat([Buffer.from([0]), randomBytes(side * 3)]));
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { name, mimeType: 'image/png', buffer: png };
}

/** A real one-page PDF with a line of text, its cross-reference table at the right offsets. */
export function onePagePdf(name = 'utility-bill.pdf'): FilePayload {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    null,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const text = 'BT /F1 18 Tf 72 760 Td (Sandbox utility bill) Tj ET';
  objects[3] = `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body, 'latin1') };
}

/** A Windows executable (MZ header) renamed to look like a picture. */
export function renamedExecutable(name = 'passport.png'): FilePayload {
  const buffer = Buffer.alloc(4096);
  buffer.write('MZ', 0, 'ascii');
  buffer.writeUInt32LE(0x80, 0x3c);
  buffer.write('PE\0\0', 0x80, 'binary');
  return { name, mimeType: 'image/png', buffer };
}

/** `megabytes` of zeros under a PDF name: over the 10 MB limit when more than 10. */
export function bigFile(megabytes: number, name = 'scan.pdf'): FilePayload {
  const buffer = Buffer.alloc(megabytes * 1024 * 1024);
  buffer.write('%PDF-1.4\n', 0, 'latin1');
  return { name, mimeType: 'application/pdf', buffer };
}
