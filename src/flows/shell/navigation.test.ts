import { describe, expect, it } from 'vitest';
import { safeHash } from './navigation';

describe('safeHash', () => {
  it('accepts a hash route written any of the usual ways', () => {
    expect(safeHash('#/show/funding')).toBe('#/show/funding');
    expect(safeHash('/show/funding')).toBe('#/show/funding');
    expect(safeHash('show/funding')).toBe('#/show/funding');
  });
  it('refuses anything that could leave the app', () => {
    expect(safeHash('')).toBe('');
    expect(safeHash('//evil.example/x')).toBe('');
    expect(safeHash('#/home?next=https://evil.example')).toBe('');
    expect(safeHash('javascript:alert(1)')).toBe('');
  });
});
