import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { ISOLATED_NODE_TESTS, MACHINE_TESTS, MACHINE_TESTS_EXCLUDE, SERVER_TESTS } from '../test-isolation';

const REPLACES = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(/;

describe('test isolation', () => {
  it('every Node test file that replaces a module or a global runs isolated, and every listed one exists', () => {
    const server = globSync(SERVER_TESTS, { ignore: ['**/node_modules/**'] });
    const machines = globSync(MACHINE_TESTS, { ignore: [...MACHINE_TESTS_EXCLUDE, '**/node_modules/**'] });
    const replacing = [...machines, ...server].filter((file) => REPLACES.test(readFileSync(file, 'utf8'))).sort();
    expect(replacing).toEqual([...ISOLATED_NODE_TESTS].sort());
  });
});
