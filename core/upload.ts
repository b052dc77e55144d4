/**
 * The largest file a trader uploads (spec 001 §5, §8: 10 MB): a verification document, a bank
 * transfer's receipt, a support attachment. The server refuses a larger one
 * (server/domain/verification/documents.ts), the settings and the documents state report it, the
 * upload controls check it before sending, and the texts name it through {mb}.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

/** bytes as whole megabytes for the texts' {mb} (one decimal when not whole) */
export const megabytes = (bytes: number): number => Math.round((bytes / (1024 * 1024)) * 10) / 10;
