/**
 * What GET /api/me and GET /api/settings answer, for view tests that sign a trader in through the
 * real session machine (the api modules mocked). A test overrides only what it is about.
 */
export function testUser(over: Record<string, unknown> = {}) {
  return {
    userId: 'u-1', email: 't@example.com', firstName: 'T', lastName: 'R', country: 'DE', currency: 'USD',
    balances: [{ accountId: 'a-1', currency: 'USD', accountGroup: 'standard', type: 'trading', amount: '0.00', depositsTotal: '0' }],
    current_accountId: 'a-1', available: '0.00', affsId: '', comments: '', cascade: '', md: '', mdps: '', cardRisk: false,
    verification: 'Full', two_factor: '', isDemo: false, regTime: '', sign: true, last_count: 0, depositsTotal: '0', tr_attemps: 0,
    tr_success: false, tr_validate: false, wd_methods: '', can_upload: true, fillCard: '',
    ...over,
  };
}

/** a balance of the trader's USD trading account holding `amount` */
export const usdBalance = (amount: string) => [{ accountId: 'a-1', currency: 'USD', accountGroup: 'standard', type: 'trading', amount, depositsTotal: '0' }];

export function testSettings(over: Record<string, unknown> = {}) {
  return {
    sandbox: true, platform: '/platform', languages: ['en', 'ru'], defaultLanguage: 'en', cascade: [], no_vload: [], minDeposit: '250',
    usCaFixedAmount: '250', usCaMinShown: '500', mdps: { OCODE: {}, COUNTRY: {}, USERS: {} }, maxBonusPercent: '3.5', maxBonusValue: '200',
    upload: { types: [], maxBytes: 1 }, toastMs: 5000, chatHiddenPaths: [], inspect: false, timeZone: '',
    ...over,
  };
}
