import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes a generated report under docs/ (coverage, mutation) only when what it says changed:
 * `generatedAt` then says when it last changed, and a run that changed nothing leaves the file
 * (and the working tree) untouched. Returns whether it wrote.
 */
export function writeReport<T extends { generatedAt: string }>(path: string, file: T, now = new Date()): boolean {
  const { generatedAt: _ignored, ...body } = file;
  if (existsSync(path)) {
    try {
      const { generatedAt: _before, ...old } = JSON.parse(readFileSync(path, 'utf8')) as T;
      if (JSON.stringify(old) === JSON.stringify(body)) return false;
    } catch {
      // unreadable: written afresh below
    }
  }
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify({ ...file, generatedAt: now.toISOString() }, null, 2)}\n`);
  return true;
}
