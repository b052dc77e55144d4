import { describe, expect, it } from 'vitest';
import { DocumentMime } from './contract/verification';
import { isUploadMime, SIGNATURE_MIMES, UPLOAD_ACCEPT, UPLOAD_MIMES, UPLOAD_TYPES } from './upload';

describe('the upload types table', () => {
  it('is the contract’s DocumentMime, in the same order', () => {
    expect(DocumentMime.options).toEqual(UPLOAD_MIMES);
  });

  it('names each type’s served extension among the names a picker offers', () => {
    for (const mime of UPLOAD_MIMES) expect(UPLOAD_TYPES[mime].names, mime).toContain(`.${UPLOAD_TYPES[mime].extension}`);
  });

  it('gives the pickers every type and name, and signatures only images', () => {
    expect(UPLOAD_ACCEPT).toBe('image/png,image/jpeg,application/pdf,.png,.jpg,.jpeg,.pdf');
    expect(SIGNATURE_MIMES).toEqual(['image/png', 'image/jpeg']);
  });

  it('knows only its own types (not an inherited key)', () => {
    expect(isUploadMime('image/png')).toBe(true);
    expect(isUploadMime('image/gif')).toBe(false);
    expect(isUploadMime('toString')).toBe(false);
    expect(isUploadMime(undefined)).toBe(false);
  });
});
