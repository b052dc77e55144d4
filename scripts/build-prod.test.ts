import { describe, expect, it } from 'vitest';
import { overridesFor, pruneLockfile } from './build-prod.mjs';

describe("the production build's lockfile", () => {
  it('keeps what the production dependencies reach (nested copies first), drops the rest and the dev flags', () => {
    const lock = {
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'app', version: '1.0.0', dependencies: { a: '^1', tsx: '^4' }, devDependencies: { vite: '^8' } },
        'node_modules/a': { version: '1.0.0', dependencies: { b: '^2' }, optionalDependencies: { gone: '^1' } },
        'node_modules/a/node_modules/b': { version: '2.0.0' },
        'node_modules/b': { version: '1.0.0', dev: true },
        'node_modules/tsx': { version: '4.0.0', dependencies: { esbuild: '^0.28' } },
        'node_modules/esbuild': { version: '0.28.0', hasInstallScript: true },
        'node_modules/vite': { version: '8.0.0', dev: true },
      },
    };
    const pruned = pruneLockfile(lock, { name: 'app', version: '1.0.0', dependencies: { a: '^1' }, engines: { node: '>=20' } }) as typeof lock;
    expect(Object.keys(pruned.packages).sort()).toEqual(['', 'node_modules/a', 'node_modules/a/node_modules/b']);
    expect(pruned.packages['']).toEqual({ name: 'app', version: '1.0.0', dependencies: { a: '^1' }, engines: { node: '>=20' } });
  });

  it('names a production dependency the lockfile lacks', () => {
    const lock = { lockfileVersion: 3, packages: { '': {} } };
    expect(() => pruneLockfile(lock, { name: 'app', version: '1.0.0', dependencies: { missing: '^1' } })).toThrow(/no missing for the root/);
  });

  it('keeps the overrides of the packages the build keeps, so npm ci accepts the overridden versions', () => {
    const lock = { lockfileVersion: 3, packages: { '': {}, 'node_modules/@fastify/cookie': {}, 'node_modules/fastify/node_modules/light-my-request': {} } };
    const overrides = {
      '@fastify/cookie': { cookie: '^1.1.1' },
      'light-my-request@^6': { cookie: '^1.1.1' },
      '@fastify/swagger-ui': { '@fastify/static': { 'content-disposition': '^1.1.0' } },
    };
    expect(overridesFor(overrides, lock)).toEqual({ '@fastify/cookie': { cookie: '^1.1.1' }, 'light-my-request@^6': { cookie: '^1.1.1' } });
    expect(overridesFor({ '@fastify/swagger-ui': {} }, lock)).toBeUndefined();
    expect(overridesFor(undefined, lock)).toBeUndefined();
  });
});
