/**
 * The largest file a trader uploads (spec 001 §5, §8: 10 MB): a verification document, a bank
 * transfer's receipt, a support attachment. The server refuses a larger one
 * (server/domain/verification/documents.ts), the settings and the documents state report it, the
 * upload controls check it before sending, and the texts name it through {mb}.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** bytes as whole megabytes for the texts' {mb} (one decimal when not whole) */
export const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * The file types a trader may upload, one record each (read from the content on the server, never
 * from the name or the browser's claim): the extension a served file is named with, whether a
 * browser may show it inline (a preview; anything else is a download), whether a signature may be
 * one (a drawn pad's PNG or a photo, never a PDF), and the file names a picker offers. The contract's
 * DocumentMime, the settings' `upload.types`, the server's sniffing, the served file's name and
 * disposition, and a support attachment's safe name, the pickers' `accept` and the upload machine's check derive from it.
 */
export const UPLOAD_TYPES = {
  'image/png': { extension: 'png', names: ['.png'], preview: true, signature: true },
  'image/jpeg': { extension: 'jpg', names: ['.jpg', '.jpeg'], preview: true, signature: true },
  'application/pdf': { extension: 'pdf', names: ['.pdf'], preview: false, signature: false },
} as const satisfies Record<string, { extension: string; names: readonly string[]; preview: boolean; signature: boolean }>;

export type UploadMime = keyof typeof UPLOAD_TYPES;
export const UPLOAD_MIMES = Object.keys(UPLOAD_TYPES) as [UploadMime, ...UploadMime[]];
export const SIGNATURE_MIMES: readonly UploadMime[] = UPLOAD_MIMES.filter((mime) => UPLOAD_TYPES[mime].signature);
export const isUploadMime = (value: unknown): value is UploadMime => typeof value === 'string' && Object.hasOwn(UPLOAD_TYPES, value);
/** a file input's `accept`: every type and its file names */
export const UPLOAD_ACCEPT = [...UPLOAD_MIMES, ...UPLOAD_MIMES.flatMap((mime) => UPLOAD_TYPES[mime].names)].join(',');
