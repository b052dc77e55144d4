/**
 * The cascade's steps list: each processor tried, in the stack's order, with its
 * answer, kept on screen until the trader moves on. English and Russian.
 */
export const messages = {
  en: {
    'cascade.steps': 'Processors tried',
    'cascade.step.declined_next': 'Processor {n} of {total} ({name}): declined by the issuer, trying the next one',
    'cascade.step.declined': 'Processor {n} of {total} ({name}): declined by the issuer; the payment stopped here',
    'cascade.step.cancelled_next': 'Processor {n} of {total} ({name}): cancelled on its payment page, trying the next one',
    'cascade.step.cancelled': 'Processor {n} of {total} ({name}): cancelled on its payment page',
    'cascade.step.skipped': 'Processor {n} of {total} ({name}): skipped after the previous answer',
    'cascade.step.passed': 'Step {n} of {total} ({name}): passed',
    'cascade.step.approved': 'Processor {n} of {total} ({name}): approved',
  },
  ru: {
    'cascade.steps': 'Опробованные процессоры',
    'cascade.step.declined_next': 'Процессор {n} из {total} ({name}): отклонено банком-эмитентом, пробуем следующий',
    'cascade.step.declined': 'Процессор {n} из {total} ({name}): отклонено банком-эмитентом; платёж остановлен на нём',
    'cascade.step.cancelled_next': 'Процессор {n} из {total} ({name}): отменено на странице оплаты, пробуем следующий',
    'cascade.step.cancelled': 'Процессор {n} из {total} ({name}): отменено на странице оплаты',
    'cascade.step.skipped': 'Процессор {n} из {total} ({name}): пропущен после предыдущего ответа',
    'cascade.step.passed': 'Шаг {n} из {total} ({name}): пройден',
    'cascade.step.approved': 'Процессор {n} из {total} ({name}): одобрено',
  },
};
