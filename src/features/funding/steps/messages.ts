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
    'cascade.step.hard_51': 'Processor {n} of {total} ({name}): insufficient funds (51), a hard decline; the payment stopped here (no other processor is tried after it, EZPAY neither)',
    'cascade.step.unavailable_next': 'Processor {n} of {total} ({name}): temporarily unavailable, skipped (your card was not sent to it), trying the next one',
    'cascade.step.unavailable': 'Processor {n} of {total} ({name}): temporarily unavailable, skipped (your card was not sent to it)',
    'cascade.step.unreachable_next': 'Processor {n} of {total} ({name}): did not answer; this attempt was cancelled and is not charged, trying the next one',
    'cascade.step.unreachable': 'Processor {n} of {total} ({name}): did not answer; this attempt was cancelled and is not charged',
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
    'cascade.step.hard_51': 'Процессор {n} из {total} ({name}): недостаточно средств (51), жёсткий отказ; платёж остановлен на нём (другие процессоры после него не пробуются, EZPAY тоже)',
    'cascade.step.unavailable_next': 'Процессор {n} из {total} ({name}): временно недоступен, пропущен (карта ему не отправлялась), пробуем следующий',
    'cascade.step.unavailable': 'Процессор {n} из {total} ({name}): временно недоступен, пропущен (карта ему не отправлялась)',
    'cascade.step.unreachable_next': 'Процессор {n} из {total} ({name}): не ответил; эта попытка отменена и не будет списана, пробуем следующий',
    'cascade.step.unreachable': 'Процессор {n} из {total} ({name}): не ответил; эта попытка отменена и не будет списана',
    'cascade.step.passed': 'Шаг {n} из {total} ({name}): пройден',
    'cascade.step.approved': 'Процессор {n} из {total} ({name}): одобрено',
  },
};
