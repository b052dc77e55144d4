import type { Settings } from '../../src/api/contract';
import type { Config } from '../config';

/**
 * The one settings object served to the client (GET /api/settings). Where the three
 * specification files disagree the value is a setting; the defaults follow the spec README.
 */
export const defaultSettings: Settings = {
  sandbox: true,
  platform: '/platform',
  languages: ['en', 'ru'],
  defaultLanguage: 'en',
  /** empty = the default stack VLOAD (spec 000 §4) */
  cascade: [],
  no_vload: [],
  minDeposit: '250',
  usCaFixedAmount: '250',
  usCaMinShown: '500',
  mdps: { OCODE: {}, COUNTRY: {}, USERS: {} },
  maxBonusPercent: '3.5',
  maxBonusValue: '200',
  upload: { types: ['image/png', 'image/jpeg', 'application/pdf'], maxBytes: 10 * 1024 * 1024 },
  toastMs: 5000,
  chatHiddenPaths: [],
  inspect: false,
  timeZone: '',
};

/** The settings for this server: defaults with what the environment decides. */
export function settingsFor(config: Pick<Config, 'sandbox' | 'inspect'>): Settings {
  return { ...defaultSettings, sandbox: config.sandbox, inspect: config.inspect };
}
