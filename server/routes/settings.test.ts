import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Settings } from '../../core/contract';
import { buildApp } from '../app';
import { testApp, type TestApp } from '../test/client';

let t: TestApp;
beforeAll(async () => {
  t = await testApp({ seed: false });
});
afterAll(() => t?.close());

describe('GET /api/settings', () => {
  it('answers the contract Settings with the spec README defaults', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(res.statusCode).toBe(200);
    const settings = Settings.parse(res.json());
    expect(settings).toEqual({
      sandbox: true,
      platform: '/platform',
      languages: ['en', 'ru'],
      defaultLanguage: 'en',
      // sandbox mode: a five-processor stack, so the cascade can be seen (SANDBOX=0 keeps [])
      cascade: ['VLOAD', 'ORANGE', 'MEIKO', 'ZOOM', 'CONCEPT'],
      no_vload: [],
      minDeposit: '250',
      usCaFixedAmount: '250',
      usCaMinShown: '500',
      mdps: { OCODE: {}, COUNTRY: {}, USERS: {} },
      maxBonusPercent: '3.5',
      maxBonusValue: '200',
      bonusTurnover: '30',
      upload: { types: ['image/png', 'image/jpeg', 'application/pdf'], maxBytes: 10_485_760 },
      toastMs: 5000,
      chatHiddenPaths: [],
      inspect: false,
      // the app reports its machines' transitions to the funnel (FUNNEL=0: false)
      funnel: true,
      timeZone: '',
      // sandbox mode with no OIDC_ISSUER: the sandbox identity provider
      socialSignIn: { name: 'Sandbox ID' },
      // no figure computed yet (an unseeded database): the pages show only the general warning
      risk: null,
    });
  });

  it("carries the risk warning's latest figure as a whole percent with its day; none when no account traded", async () => {
    const at = new Date('2026-11-29T03:00:00.000Z');
    const row = { computed_at: at, window_from: new Date('2025-11-29T03:00:00.000Z'), window_to: at };
    await t.db.insertInto('risk_figures').values({ ...row, day: '2026-11-28', accounts: 0, losing: 0, share_bp: null }).execute();
    const none = await buildApp({ db: t.db, config: t.config });
    try {
      expect(Settings.parse((await none.inject({ method: 'GET', url: '/api/settings' })).json()).risk).toBeNull();
    } finally {
      await none.close();
    }
    // 7450 basis points: 74.5 %, shown as 75 (rounded half up); the newest day wins
    await t.db.insertInto('risk_figures').values({ ...row, day: '2026-11-29', accounts: 200, losing: 149, share_bp: 7450 }).execute();
    const app = await buildApp({ db: t.db, config: t.config });
    try {
      const first = Settings.parse((await app.inject({ method: 'GET', url: '/api/settings' })).json());
      expect(first.risk).toEqual({ percent: 75, day: '2026-11-29' });
      // served from memory: a newer row is not read on the next request
      await t.db.insertInto('risk_figures').values({ ...row, day: '2026-11-30', accounts: 10, losing: 1, share_bp: 1000 }).execute();
      expect(Settings.parse((await app.inject({ method: 'GET', url: '/api/settings' })).json()).risk).toEqual({ percent: 75, day: '2026-11-29' });
    } finally {
      await app.close();
      await t.db.deleteFrom('risk_figures').execute();
    }
  });

  it('follows SANDBOX and INSPECT from the configuration, and hides the sandbox autologin when off', async () => {
    const app = await buildApp({ db: t.db, config: { ...t.config, sandbox: false, inspect: true } });
    try {
      const settings = Settings.parse((await app.inject({ method: 'GET', url: '/api/settings' })).json());
      expect(settings.sandbox).toBe(false);
      expect(settings.inspect).toBe(true);
      expect(settings.cascade).toEqual([]);
      const me = await app.inject({ method: 'GET', url: '/api/me' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/sandbox/autologin',
        headers: { cookie: `sid=${me.cookies[0].value}`, 'x-csrf-token': me.json().csrf },
        payload: { email: 'trader@example.com' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('not_found');
    } finally {
      await app.close();
    }
  });
});
