import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { LAYERS } from '../eslint.layers.js';

/**
 * The "may import" table (eslint.layers.js, docs/architecture.md) is enforced by `npm run lint`:
 * a deliberately wrong import in each row fails, the right one passes.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function layering(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const CASES: [file: string, wrong: string, right: string][] = [
  ['core/example.ts', "import { x } from '../src/flows/shell/app.flow';", "import { x } from './money';"],
  ['core/example.ts', "import { setup } from 'xstate';", "import * as z from 'zod/mini';"],
  ['machines/example/example.machine.ts', "import { x } from '../../src/flows/shell/app.flow';", "import { x } from '../../core/money';"],
  ['machines/example/example.machine.ts', "import { useSelector } from '@xstate/react';", "import { setup } from 'xstate';"],
  ['machines/example/example.machine.ts', "import { x } from '../../machine-kit/run';", "import { x } from '../shared/weekend';"],
  ['machine-kit/example.ts', "import { x } from '../machine-tests/cli';", "import { x } from '../machines/index';"],
  ['src/flows/example.ts', "import { x } from '../../server/domain/ledger';", "import { x } from '../../core/money';"],
  ['src/flows/example.ts', "import { x } from '../../machine-tests/browser/browser';", "import { x } from '../../machines/index';"],
  ['src/features/example/View.tsx', "import { x } from '../../api/http';", "import { x } from '../../flows/app';"],
  ['src/features/example/View.tsx', "import ky from 'ky';", "import { useState } from 'react';"],
  ['server/routes/example.ts', "import { x } from '../../src/flows/shell/app.flow';", "import { x } from '../../core/contract';"],
  ['server/domain/example/example.ts', "import { x } from '../../sandbox/platform/gateway';", "import type { PlatformGateway } from '../ports';"],
  ['server/domain/example/example.ts', "import { x } from '../../http/errors';", "import { x } from '../refusal';"],
  ['server/db/example.ts', "import { x } from '../domain/ledger';", "import { x } from './values';"],
  ['scripts/example.ts', "import { x } from '../machine-tests/browser/browser';", "import { x } from './lib/browser';"],
];

describe('the layering is enforced by the lint', () => {
  // ESLint's first lint loads the typescript-eslint and React plugins: 7-10 s on a loaded 2-core
  // machine, paid here once rather than by the first case
  beforeAll(() => layering('core/warm.ts', 'export const y = 1;\n'), 60_000);

  it('has a row for every product folder', () => {
    const covered = LAYERS.flatMap((l) => l.files).join(' ');
    for (const folder of ['core/', 'machines/', 'machine-kit/', 'src/', 'src/features/', 'src/explorer/', 'server/', 'server/domain/', 'server/db/', 'scripts/']) {
      expect(covered, folder).toContain(folder);
    }
  });

  it.each(CASES)('%s: a wrong import fails, the right one passes (%s)', async (file, wrong, right) => {
    const refused = await layering(file, `${wrong}\nexport const y = x;\n`);
    expect(refused, wrong).toHaveLength(1);
    expect(refused[0]).toContain('Layering:');
    expect(await layering(file, `${right}\nexport const y = 1;\n`), right).toEqual([]);
  });
});
