import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, newToken, sameSecret } from './tokens';

describe('hashToken', () => {
  it('is the hex SHA-256 of the UTF-8 text, as stored sessions and keys were hashed before', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    for (const token of [newToken(), 'ключ-🔑', '']) expect(hashToken(token)).toBe(createHash('sha256').update(token, 'utf8').digest('hex'));
  });
});

describe('sameSecret', () => {
  it('compares whole strings', () => {
    expect(sameSecret('a-token', 'a-token')).toBe(true);
    expect(sameSecret('a-token', 'a-tokeN')).toBe(false);
    expect(sameSecret('a-token', 'a-token-longer')).toBe(false);
  });
});
