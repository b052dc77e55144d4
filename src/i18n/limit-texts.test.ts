import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_VALIDATION_TRIES } from '../../core/validation-tries';
import { PASSWORD_MIN } from '../../core/password-policy';
import { megabytes, UPLOAD_MAX_BYTES } from '../../core/upload';
import { TRADER_LIMIT_RULES } from '../../core/trader-limits';
import { CLOSURE_RULES } from '../../core/account-closure';
import { messages as funding } from '../features/funding/messages';
import { messages as bank } from '../features/funding/bank/messages';
import { messages as security } from '../features/security/messages';
import { messages as verification } from '../features/verification/messages';
import { messages as limits } from '../features/limits/messages';
import { messages as closure } from '../features/closure/messages';
import { LANGUAGES, makeTranslator, registerMessages, russianReady, type Dict, type Lang } from './index';

/**
 * Texts that name a limit the product enforces take it as a parameter, never as a digit: the
 * limit has one home (a constant the server enforces and reports), and changing it changes
 * every text. Each entry: the text, its parameter, and the value the product fills in.
 */
const LIMIT_TEXTS: Array<{ key: string; dict: Record<Lang, Dict>; param: string; value: number }> = [
  { key: 'cards.day_limit', dict: funding, param: 'limit', value: 7 },
  { key: 'validate.max_tries', dict: security, param: 'max', value: MAX_VALIDATION_TRIES },
  { key: 'security.hint', dict: security, param: 'min', value: PASSWORD_MIN },
  { key: 'upload.rules', dict: verification, param: 'mb', value: megabytes(UPLOAD_MAX_BYTES) },
  { key: 'personal.intro', dict: verification, param: 'mb', value: megabytes(UPLOAD_MAX_BYTES) },
  { key: 'bank.receipt.body', dict: bank, param: 'mb', value: megabytes(UPLOAD_MAX_BYTES) },
  { key: 'limits.rule_other', dict: limits, param: 'count', value: TRADER_LIMIT_RULES.coolingOffHours },
  { key: 'closure.error.text_long', dict: closure, param: 'max', value: CLOSURE_RULES.textMax },
  { key: 'closure.error.text_needed', dict: closure, param: 'min', value: CLOSURE_RULES.otherMin },
];

// the areas' Russian texts come in chunks of their own (withRussian)
beforeAll(() => russianReady());

describe('limits in texts are parameters', () => {
  for (const { key, dict, param, value } of LIMIT_TEXTS) {
    it(`${key} takes {${param}} and holds no digit, in every language`, () => {
      registerMessages(dict);
      for (const lang of LANGUAGES) {
        const text = dict[lang][key];
        expect(text, `${key} (${lang})`).toContain(`{${param}}`);
        expect(text.replace(`{${param}}`, ''), `${key} (${lang})`).not.toMatch(/\d/);
        const shown = makeTranslator(lang, {}).t(key, { [param]: value });
        expect(shown).toContain(String(value));
        expect(shown).not.toContain('{');
      }
    });
  }
});
