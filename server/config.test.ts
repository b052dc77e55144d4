import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: './data',
      databaseUrl: undefined,
      sandbox: true,
      siteHost: 'brokerage.test',
      nodeEnv: 'development',
      inspect: false,
      trustProxy: false,
    });
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/brokerage',
      DATABASE_URL: 'postgres://u@db/brokerage',
      SANDBOX: 'false',
      SITE_HOST: 'Example.COM',
      NODE_ENV: 'production',
      INSPECT: '1',
      TRUST_PROXY: 'yes',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/brokerage',
      databaseUrl: 'postgres://u@db/brokerage',
      sandbox: false,
      siteHost: 'example.com',
      nodeEnv: 'production',
      inspect: true,
      trustProxy: true,
    });
  });

  it('refuses a bad port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
