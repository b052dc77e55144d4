/**
 * The legal documents (issue 30 §5): the client agreement, the risk disclosure and the privacy
 * notice, each with its current version, the date it took effect and what changed from the one
 * before, in one table. The texts are in ./texts/ (one module per document and language, loaded
 * when shown: ./texts.ts); the server reads this table only (registration records these versions,
 * POST /api/legal/accept refuses older ones, a trader who accepted an older one is asked again and
 * cannot deposit or trade until they accept).
 *
 * Publishing a new version (docs/legal-documents.md): change the text in ./texts/, raise its
 * `version` by one, set `effective` and `changes` (en, ru), in one commit. Every trader whose
 * accepted version is lower is asked at their next sign-in.
 */

import { LEGAL_DOCUMENTS, type LegalDocumentId } from './documents';

export { documentOfSlug, isLegalDocument, LEGAL_DOCUMENTS, legalPath, type LegalDocumentId } from './documents';

export const LEGAL_LANGUAGES = ['en', 'ru'] as const;
export type LegalLanguage = (typeof LEGAL_LANGUAGES)[number];

export interface LegalVersion {
  /** 1, 2, …: a higher one asks again */
  version: number;
  /** the day it took effect (YYYY-MM-DD, UTC) */
  effective: string;
  /** what changed from the version before, in a sentence or two (shown when the trader is asked again) */
  changes: Record<LegalLanguage, string>;
}

export const LEGAL_VERSIONS = {
  client_agreement: {
    version: 1,
    effective: '2026-11-30',
    changes: {
      en: 'The first version published in full in the product: the terms of the account, deposits and withdrawals, trading, your protection limits, complaints and closing the account.',
      ru: 'Первая версия, опубликованная полностью в продукте: условия счёта, пополнения и вывода, торговли, ваших ограничений, жалоб и закрытия счёта.',
    },
  },
  risk_disclosure: {
    version: 1,
    effective: '2026-11-30',
    changes: {
      en: 'The first version published in full in the product: how binary options work, why most retail accounts lose money, and the tools you have to limit your risk.',
      ru: 'Первая версия, опубликованная полностью в продукте: как устроены бинарные опционы, почему большинство розничных счетов теряет деньги, и какие инструменты помогают ограничить риск.',
    },
  },
  privacy_notice: {
    version: 1,
    effective: '2026-11-30',
    changes: {
      en: 'The first version published in full in the product: what we keep about you, why, for how long, who receives it and your rights, including downloading your data.',
      ru: 'Первая версия, опубликованная полностью в продукте: какие данные о вас мы храним, зачем и как долго, кому их передаём и каковы ваши права, включая выгрузку данных.',
    },
  },
} as const satisfies Record<LegalDocumentId, LegalVersion>;

/**
 * The version a trader with no record of a document counts as having accepted: the traders who
 * registered before the documents were in the product (and any account made outside the
 * registration form, such as the sandbox's test traders) agreed to the terms of version 1 when
 * they opened their account. They are asked again only when a version after 1 is published.
 */
export const LEGAL_BASELINE_VERSION = 1;

/** The documents whose current version is newer than the one accepted (none recorded: the baseline). */
export function outdatedDocuments(accepted: Partial<Record<LegalDocumentId, number>>): LegalDocumentId[] {
  return LEGAL_DOCUMENTS.filter((doc) => (accepted[doc] ?? LEGAL_BASELINE_VERSION) < LEGAL_VERSIONS[doc].version);
}

/** The current version of every document (what registration records and the acceptance sends). */
export const currentVersions = (): Record<LegalDocumentId, number> =>
  Object.fromEntries(LEGAL_DOCUMENTS.map((doc) => [doc, LEGAL_VERSIONS[doc].version])) as Record<LegalDocumentId, number>;
