/** The Russian texts of the funding page's steps (messages.ts beside it holds the English), in a chunk of their own. */
export const ru: Record<string, string> = {
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
};
