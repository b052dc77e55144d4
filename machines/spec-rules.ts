/**
 * The numbered rules of the specification's sections 4 (states and transitions), 5 (validation),
 * 8 (errors) and 9 (constants), read from /work/shared/spec/*.txt, and the deliberate deviations
 * from them (the spec README's "Where we deliberately do better" items and our own decisions,
 * docs/funding.md "Deviations from the specification").
 *
 * Numbering: the spec's sections are bullet lists, not numbered; a rule is `<file> §<section>.<n>`,
 * n counting the rule statements of that section in document order (a bullet, a sub-bullet, or a
 * lead sentence that states a rule; a bullet stating several independent outcomes is split, such as
 * Zoom's three). Statements that the spec marks "not shown" (000 §4 "what the server does", 000 §5
 * "rules of the trading platform", 002 §5 "ticket creation rules") are not rules and are not counted.
 *
 * Machines tag what implements a rule with `meta: { spec: ['000 §4.3'] }` on the state or
 * transition, and a deliberate deviation with `meta: { deviation: 'spec README item 4' }` (one of
 * SPEC_DEVIATIONS' ids). Plain strings, so no product bundle imports this table;
 * scripts/spec-coverage.test.ts fails on a tag that names no rule or deviation.
 * `npm run spec-coverage` (scripts/spec-coverage.ts) writes docs/coverage/spec.json and spec.md.
 */

export type SpecFile = '000' | '001' | '002';
export type SpecSection = 4 | 5 | 8 | 9;
type Text = { en: string; ru: string };

export interface SpecRule {
  /** `000 §4.3` */
  id: string;
  file: SpecFile;
  section: SpecSection;
  title: Text;
  /** the id of the deviation (SPEC_DEVIATIONS) this rule is implemented with, if any */
  deviation?: string;
  /** where the rule lives when it is not (only) a machine's: a core or server module */
  where?: string;
}

export interface SpecDeviation {
  /** what a machine's `meta.deviation` says: `spec README item 4`, `addition: listen deadline` */
  id: string;
  /** a deviation from a rule (we do otherwise) or an addition (a rule the spec does not have) */
  kind: 'deviation' | 'addition';
  /** where it is decided and written */
  ref: string;
  rules: string[];
  reason: Text;
}

/** the spec's files (in /work/shared/spec/) */
export const SPEC_FILES: Record<SpecFile, string> = {
  '000': '000_a0712892ac0fc603.txt',
  '001': '001_3c5148a9cce055c5.txt',
  '002': '002_52878baaef015622.txt',
};

export const SPEC_SECTIONS: Record<SpecSection, Text> = {
  4: { en: 'States and transitions', ru: 'Состояния и переходы' },
  5: { en: 'Validation rules', ru: 'Правила проверки' },
  8: { en: 'Error catalogue', ru: 'Каталог ошибок' },
  9: { en: 'Business constants and limits', ru: 'Константы и лимиты' },
};

type Extra = { deviation?: string; where?: string };
const rule = (id: string, en: string, ru: string, extra: Extra = {}): SpecRule => {
  const m = /^(000|001|002) §(4|5|8|9)\.\d+$/.exec(id);
  if (!m) throw new Error(`bad rule id ${id}`);
  return { id, file: m[1] as SpecFile, section: Number(m[2]) as SpecSection, title: { en, ru }, ...extra };
};

export const SPEC_RULES: readonly SpecRule[] = [
  // 000 §4 — the card funding cascade
  rule('000 §4.1', 'Eleven card processors: PFS, ORANGE, ORANGE_NOT3D, CONCEPT, FRAUD, ZOOM, EZPAY, ENTROPAY, SHAPE, VLOAD, MEIKO', 'Одиннадцать карточных процессоров: PFS, ORANGE, ORANGE_NOT3D, CONCEPT, FRAUD, ZOOM, EZPAY, ENTROPAY, SHAPE, VLOAD, MEIKO', { where: 'core/cascade/processors.ts' }),
  rule('000 §4.2', "Default stack VLOAD, overridden by the settings cascade, then by the user's cascade", 'Стек по умолчанию VLOAD; его заменяет каскад из настроек, затем каскад пользователя', { where: 'core/cascade/stack.ts' }),
  rule('000 §4.3', 'Starting a payment stores the last payment, clears the tried list and runs the first processor', 'Старт платежа сохраняет последний платёж, очищает список опробованных и запускает первый процессор'),
  rule('000 §4.4', 'On failure the next processor not yet tried runs', 'При отказе запускается следующий ещё не опробованный процессор'),
  rule('000 §4.5', 'All tried: an error is shown; the tried list is wiped on the next start', 'Все опробованы: показывается ошибка; список опробованных стирается при следующем старте'),
  rule('000 §4.6', 'The result is polled every 5 s (listen) until a final answer or stop', 'Результат опрашивается каждые 5 с (listen) до окончательного ответа или остановки', { deviation: 'addition: listen deadline' }),
  rule('000 §4.7', 'Success broadcasts a user update (the balance refreshes)', 'Успех рассылает обновление пользователя (баланс обновляется)'),
  rule('000 §4.8', 'Orange: successful is success; failed goes to the next processor unless a no-cascade message', 'Orange: successful — успех; failed — следующий процессор, если сообщение не из списка «без каскада»', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.9', 'PFS: 0000 success, 0008 pending and listen, other codes the next processor; a 3-D Secure redirect', 'PFS: 0000 — успех, 0008 — ожидание и опрос, другие коды — следующий процессор; переход на 3-D Secure', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.10', 'Concept: APPROVED is success', 'Concept: APPROVED — успех', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.11', 'Skrill: status 2 is success', 'Skrill: статус 2 — успех', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.12', 'EZPAY: APPROVED is success; a failure cascades only when the stored fixed flag is 0', 'EZPAY: APPROVED — успех; отказ переходит дальше, только если флаг fixed равен 0', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.13', 'Meiko: return true with status 1 is success', 'Meiko: return true и status 1 — успех', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.14', 'Zoom: result code 0 is success', 'Zoom: код результата 0 — успех', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.15', 'Zoom: host code 05 shows a do-not-honor modal', 'Zoom: код эмитента 05 показывает окно do-not-honor', { deviation: 'spec README item 3', where: 'core/cascade/classify.ts' }),
  rule('000 §4.16', 'Zoom: host code 51 or a token error adds EZPAY to the tried list', 'Zoom: код эмитента 51 или ошибка токена добавляет EZPAY в опробованные', { deviation: 'spec README item 4', where: 'core/cascade/classify.ts' }),
  rule('000 §4.17', 'Entropay: return true opens the start dialog, pin the CVV dialog, anything else cascades', 'Entropay: true открывает стартовый диалог, pin — диалог CVV, иное — следующий процессор', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.18', 'Shape: return true redirects to an invoice page by guid', 'Shape: true переводит на страницу счёта по guid', { where: 'core/cascade/classify.ts' }),
  rule('000 §4.19', 'Fraud check: fail_limit, day_limit, bad_card or reason stop; otherwise cascade', 'Проверка на мошенничество: fail_limit, day_limit, bad_card или reason останавливают; иначе каскад продолжается', { deviation: 'addition: fraud check first', where: 'core/cascade/classify.ts' }),
  rule('000 §4.20', 'Orange not-3D requests are delayed 6 s', 'Запросы Orange без 3-D откладываются на 6 с'),
  rule('000 §4.21', 'Invoice status wt → su or ex; polling stops on su or ex', 'Статус счёта wt → su или ex; опрос прекращается на su или ex'),
  rule('000 §4.22', 'A voucher-load invoice at su goes to the voucher finish page', 'Счёт загрузки ваучера в su ведёт на страницу завершения ваучера'),
  rule('000 §4.23', 'Upload item: loading moves to success or error', 'Элемент загрузки: loading переходит в success или error'),
  rule('000 §4.24', 'Signal pop-up: a 60-second countdown, then it closes', 'Окно сигнала: отсчёт 60 секунд, затем закрывается'),
  rule('000 §4.25', 'Login: platform login first, then the product session; failure shows an error and shakes it', 'Вход: сначала вход на платформу, затем сессия продукта; при неудаче ошибка с «встряской»'),
  rule('000 §4.26', 'A not-auth event from the trading platform logs the user out', 'Событие not-auth от торговой платформы выводит пользователя из системы'),

  // 000 §5
  rule('000 §5.1', 'Card number: spaces and dashes removed, type recognised with its lengths', 'Номер карты: пробелы и дефисы удаляются, тип определяется вместе с длинами', { where: 'core/card-facts.ts' }),
  rule('000 §5.2', 'Amount at least the configured minimum, else invalid', 'Сумма не меньше настроенного минимума, иначе ошибка'),
  rule('000 §5.3', 'Equality: a field differing from its reference (a confirmation) is invalid', 'Равенство: поле, отличное от эталонного (подтверждение), неверно'),
  rule('000 §5.4', 'Server validation of a field (em); phone prefix 1 prepended, other prefixes skipped', 'Серверная проверка поля (em); для префикса 1 он добавляется, для других проверка пропускается'),
  rule('000 §5.5', 'Integer-only and decimal-only inputs', 'Поля только для целых и только для десятичных чисел'),
  rule('000 §5.6', 'Call-back phone required, at least 7 characters, else calls.error_phone', 'Телефон для обратного звонка обязателен, не короче 7 символов, иначе calls.error_phone'),
  rule('000 §5.7', "Add account: a currency must be chosen ('Please chose currency!'); only currencies not held", "Добавление счёта: нужно выбрать валюту ('Please chose currency!'); только ещё не открытые валюты"),
  rule('000 §5.8', "Entropay CVV at least 3 characters, else 'Please fill cvv!'", "CVV Entropay не короче 3 символов, иначе 'Please fill cvv!'"),
  rule('000 §5.9', 'Upload: only images or PDF (unless *)', 'Загрузка: только изображения или PDF (если не *)', { where: 'core/upload.ts' }),
  rule('000 §5.10', 'Upload: at most file-max files (default 1); extra files ignored', 'Загрузка: не больше file-max файлов (по умолчанию 1); лишние игнорируются'),
  rule('000 §5.11', 'Submit blocked while a required field is empty or a field invalid', 'Отправка заблокирована, пока обязательное поле пусто или поле неверно'),
  rule('000 §5.12', 'Tips: a value over 40 needs confirmation', 'Чаевые: сумма больше 40 требует подтверждения', { deviation: 'spec README item 5' }),

  // 000 §8
  rule('000 §8.1', "Network or server failure on a payment start: 'Response error, try again'; waiting ends; most starts cascade first", "Сбой сети или сервера при старте платежа: 'Response error, try again'; ожидание заканчивается; большинство стартов сначала переходят дальше по каскаду", { deviation: 'docs/funding.md: network failure' }),
  rule('000 §8.2', 'Card failed: cascade_card.failed in a red alert titled Card', 'Карта не прошла: cascade_card.failed в красном окне с заголовком Card'),
  rule('000 §8.3', "'Your transaction was declined.' for Entropay, Shape and Meiko (Meiko appends the bank)", "'Your transaction was declined.' для Entropay, Shape и Meiko (Meiko добавляет банк)", { where: 'core/cascade/classify.ts' }),
  rule('000 §8.4', "Concept: blacklisting or code 003 gets 'declined, contact merchant support'; other messages as they come", "Concept: чёрный список или код 003 — 'declined, contact merchant support'; прочие сообщения как есть", { deviation: 'addition: Concept 003 stops', where: 'core/cascade/classify.ts' }),
  rule('000 §8.5', 'Fraud: cards.limit, cards.bad_card, or the server message for a reason', 'Мошенничество: cards.limit, cards.bad_card или сообщение сервера для reason', { where: 'core/cascade/classify.ts' }),
  rule('000 §8.6', "Day limit: the confirmation with 'Why Bitcoin?' and 'Deposit by Bitcoin'", "Дневной лимит: подтверждение с кнопками 'Why Bitcoin?' и 'Deposit by Bitcoin'"),
  rule('000 §8.7', 'Orange messages that stop the cascade: insufficient funds, incorrect PIN, no such card, card disabled, expired card', 'Сообщения Orange, останавливающие каскад: нет средств, неверный PIN, нет такой карты, карта отключена, карта просрочена', { deviation: 'spec README item 4', where: 'core/cascade/classify.ts' }),
  rule('000 §8.8', 'Login: login_error on transport failure; the server message or server_error; autologin back to login', 'Вход: login_error при сбое связи; сообщение сервера или server_error; автовход возвращает на страницу входа'),
  rule('000 §8.9', "Add account: 'Some errors, please try again.'; 'Account successfully added'", "Добавление счёта: 'Some errors, please try again.'; 'Account successfully added'"),
  rule('000 §8.10', "Tips: 'some error'; the server message for 10 s; wait text tips.wait", "Чаевые: 'some error'; сообщение сервера 10 с; текст ожидания tips.wait"),
  rule('000 §8.11', 'Call-back: calls.server_error; success calls.server_success', 'Обратный звонок: calls.server_error; успех calls.server_success'),
  rule('000 §8.12', "Upload error: alert 'Unexpected errors...'", "Ошибка загрузки: окно 'Unexpected errors...'"),
  rule('000 §8.13', "Copy failure: 'Unable to copy!'", "Ошибка копирования: 'Unable to copy!'"),
  rule('000 §8.14', 'Unexpected script errors are reported to the server', 'Неожиданные ошибки скрипта отправляются на сервер'),
  rule('000 §8.15', 'The home page message parameter is shown in an Error alert', 'Параметр message главной страницы показывается в окне Error'),

  // 000 §9
  rule('000 §9.1', 'Listen polling every 5000 ms', 'Опрос результата каждые 5000 мс'),
  rule('000 §9.2', 'Orange not-3D delayed 6 s', 'Orange без 3-D откладывается на 6 с'),
  rule('000 §9.3', 'Default minimum deposit 10', 'Минимальный депозит по умолчанию 10', { deviation: 'spec README: minimum deposit', where: 'core/min-deposit.ts' }),
  rule('000 §9.4', 'Slider steps: minimum, 250, 1000, 3000; or 1000, 3000, 10000 when the minimum is 250 or more', 'Шаги ползунка: минимум, 250, 1000, 3000; или 1000, 3000, 10000 при минимуме от 250', { where: 'core/amount.ts' }),
  rule('000 §9.5', 'US and CA fixed amount 250', 'Фиксированная сумма для US и CA — 250'),
  rule('000 §9.6', '11 card processors; PFS excluded in 12 countries', '11 карточных процессоров; PFS исключён в 12 странах', { where: 'core/cascade/processors.ts' }),
  rule('000 §9.7', 'Daily card transaction limit 3', 'Дневной лимит карточных операций — 3', { where: 'server/domain/payments/fraud-check.ts' }),
  rule('000 §9.8', 'A tip over 40 prompts a confirmation about a $50 deduction', 'Чаевые больше 40 требуют подтверждения списания $50', { deviation: 'spec README item 5' }),
  rule('000 §9.9', 'Tips are sent after a 3 s delay', 'Чаевые отправляются через 3 с'),
  rule('000 §9.10', 'Signals refreshed every 300000 ms, the first after 5 s', 'Сигналы обновляются каждые 300000 мс, первый раз через 5 с'),
  rule('000 §9.11', 'Each signal shown once per day; the pop-up lasts 60 s', 'Каждый сигнал показывается раз в день; окно держится 60 с'),
  rule('000 §9.12', 'Invoice countdown 3600 s; status poll every 60 s', 'Отсчёт счёта 3600 с; опрос статуса каждые 60 с'),
  rule('000 §9.13', 'Call-back phone at least 7; CVV at least 3; upload default 1 file', 'Телефон не короче 7; CVV не короче 3; по умолчанию 1 файл'),
  rule('000 §9.14', 'Crypto currencies BTC, LTC, ETH, DSH (shown as USD for a price)', 'Криптовалюты BTC, LTC, ETH, DSH (цена показывается в USD)', { where: 'core/chains.ts' }),
  rule('000 §9.15', "Verification state 'Full'", "Состояние верификации 'Full'"),
  rule('000 §9.16', 'Toast default 5 s', 'Уведомление по умолчанию 5 с'),
  rule('000 §9.17', 'Browser storage holds the cascade stack and the last payment', 'Хранилище браузера держит стек каскада и последний платёж'),
  rule('000 §9.18', 'Trading panel minimum height 700', 'Минимальная высота торговой панели 700'),

  // 001 §4
  rule('001 §4.1', 'Crypto invoice: status wt → su or ex', 'Криптосчёт: статус wt → su или ex'),
  rule('001 §4.2', 'Invoice polled every 60 s; polling stops at su or ex', 'Счёт опрашивается каждые 60 с; опрос прекращается на su или ex'),
  rule('001 §4.3', 'ETH: polled only while the status is wt', 'ETH: опрос только пока статус wt'),
  rule('001 §4.4', 'A 3600 s countdown; when it ends one status check', 'Отсчёт 3600 с; по его окончании одна проверка статуса'),
  rule('001 §4.5', 'Card deposit: form validated, card saved, then payment starts', 'Пополнение картой: форма проверена, карта сохранена, затем старт платежа'),
  rule('001 §4.6', 'Card callbacks show pending, success or fail alerts', 'Возвраты от карт показывают окна ожидания, успеха или отказа'),
  rule('001 §4.7', 'Slider tier: bronze below the silver threshold, silver from the bronze one, gold from the silver one', 'Уровень ползунка: bronze ниже порога silver, silver от порога bronze, gold от порога silver', { where: 'core/amount.ts' }),
  rule('001 §4.8', 'Fixed (exchange) mode clears the bonus flag', 'Фиксированный (биржевой) режим снимает флаг бонуса'),
  rule('001 §4.9', 'The user may switch between balances and the exchange account', 'Пользователь переключается между балансами и биржевым счётом'),
  rule('001 §4.10', 'Notifications: unread becomes read', 'Уведомления: непрочитанное становится прочитанным'),
  rule('001 §4.11', 'Two-factor: six digits collected, submitted automatically on the sixth', 'Двухфакторный код: шесть цифр, отправка автоматически на шестой'),
  rule('001 §4.12', 'Two-factor failure: inputs cleared, error shown; entry may become disabled', 'Ошибка кода: поля очищаются, ошибка показывается; ввод может быть заблокирован'),
  rule('001 §4.13', 'Chat goes from closed to open; opens automatically once per browser', 'Чат из закрытого в открытый; открывается сам один раз на браузер'),
  rule('001 §4.14', 'Chat hidden by settings for certain paths', 'Чат скрыт настройками на некоторых страницах'),
  rule('001 §4.15', 'Limited offer auto-ignored after 180 s', 'Ограниченное предложение само отклоняется через 180 с', { deviation: 'spec README item 6' }),
  rule('001 §4.16', 'Risk-free offer: a 3600 s countdown, then ignored', 'Предложение без риска: отсчёт 3600 с, затем отклонено', { deviation: 'spec README item 6' }),
  rule('001 §4.17', 'Giveaway popup shown after 10 minutes, again only after 24 hours', 'Окно розыгрыша через 10 минут, повторно только через 24 часа'),
  rule('001 §4.18', 'Verification: a document marked up once uploaded; the signature once saved', 'Верификация: документ отмечен после загрузки; подпись — после сохранения'),
  rule('001 §4.19', 'Promotions: activating one reloads the list', 'Акции: активация перезагружает список'),
  rule('001 §4.20', 'Registration success leads to automatic login, then redirect', 'Успешная регистрация ведёт к автовходу и переходу'),
  rule('001 §4.21', 'Registration: US users get a blocking notice', 'Регистрация: пользователи из США получают блокирующее уведомление'),

  // 001 §5
  rule('001 §5.1', "Card: required fields filled, else 'Please fill the required fields'", "Карта: обязательные поля заполнены, иначе 'Please fill the required fields'"),
  rule('001 §5.2', "Card type visa, mastercard or maestro (JCB form: jcb), else 'Invalid card type.'", "Тип карты visa, mastercard или maestro (форма JCB: jcb), иначе 'Invalid card type.'"),
  rule('001 §5.3', "Card length valid, else 'Valid card length N or M'", "Длина карты допустима, иначе 'Valid card length N or M'"),
  rule('001 §5.4', 'The minimum-amount check always passes', 'Проверка минимальной суммы всегда проходит', { deviation: 'docs/funding.md: card minimum checked' }),
  rule('001 §5.5', "Fixed-amount crypto deposit: a positive number, else 'Wrong amount!'", "Криптодепозит с фиксированной суммой: положительное число, иначе 'Wrong amount!'"),
  rule('001 §5.6', "Fiat fixed amount below the minimum: 'Wrong amount! Min deposit {min}'", "Фиксированная фиатная сумма ниже минимума: 'Wrong amount! Min deposit {min}'"),
  rule('001 §5.7', "Neteller: account, secure id, amount, a valid form, at least the minimum ('Min deposit {min}')", "Neteller: счёт, secure id, сумма, верная форма, не ниже минимума ('Min deposit {min}')"),
  rule('001 §5.8', 'The paypal-type form needs an amount and a valid form', 'Форма типа paypal требует сумму и верную форму'),
  rule('001 §5.9', "Promo prompt: an empty code gives 'invalid'", "Промокод: пустой код даёт 'invalid'"),
  rule('001 §5.10', "Referral balance transfer: an integer greater than 0, else 'Wrong amount'", "Перевод реферального баланса: целое больше 0, иначе 'Wrong amount'"),
  rule('001 §5.11', 'Affiliate link needs a name and a landing page', 'Партнёрской ссылке нужны имя и целевая страница'),
  rule('001 §5.12', 'Contact info phone at least 7 characters', 'Телефон в контактах не короче 7 символов'),
  rule('001 §5.13', "Signature cannot be empty ('Cant save empty sign!')", "Подпись не может быть пустой ('Cant save empty sign!')"),
  rule('001 §5.14', 'Upload types PNG, JPG, JPEG, PDF, else the type message', 'Типы загрузки PNG, JPG, JPEG, PDF, иначе сообщение о типе', { where: 'core/upload.ts' }),
  rule('001 §5.15', 'Upload maximum 10 MB (the server answers 413)', 'Загрузка не больше 10 МБ (сервер отвечает 413)', { where: 'core/upload.ts' }),
  rule('001 §5.16', 'Two-factor code: six digits, numeric only', 'Двухфакторный код: шесть цифр, только цифры'),
  rule('001 §5.17', 'Registration: the form must be valid', 'Регистрация: форма должна быть верной'),
  rule('001 §5.18', 'Registration: US users on the English site must agree to a notice', 'Регистрация: пользователи из США на английском сайте соглашаются с уведомлением'),
  rule('001 §5.19', 'Holder name split on a comma or space', 'Имя держателя делится по запятой или пробелу', { where: 'core/card-facts.ts' }),

  // 001 §8
  rule('001 §8.1', "Any failed call: the translated 'auth.server_error'", "Любой неудачный вызов: переведённое 'auth.server_error'"),
  rule('001 §8.2', 'Card save failure: a server-error toast', 'Ошибка сохранения карты: уведомление об ошибке сервера'),
  rule('001 §8.3', 'Login: wrong credentials give a login error; code login.password also sends a login-fail notification', 'Вход: неверные данные дают ошибку входа; код login.password также отправляет уведомление о неудаче'),
  rule('001 §8.4', 'Login: otherwise the problem text or the server error', 'Вход: иначе текст проблемы или ошибка сервера'),
  rule('001 §8.5', "Contact, forgot and promo: return 'false' shows its error or message", "Контакты, восстановление и промокод: return 'false' показывает error или message"),
  rule('001 §8.6', "Crypto pay failure: 'some errors, try latter.'", "Ошибка криптоплатежа: 'some errors, try latter.'"),
  rule('001 §8.7', "Account switching failure: 'Cant set account id.'", "Ошибка переключения счёта: 'Cant set account id.'"),
  rule('001 §8.8', "Copy: 'Unable to copy!' and the copied messages", "Копирование: 'Unable to copy!' и сообщения о копировании"),
  rule('001 §8.9', "Upload success: 'Upload successful'", "Загрузка удалась: 'Upload successful'"),
  rule('001 §8.10', "Upload failure: 'Some errors try latter'", "Ошибка загрузки: 'Some errors try latter'"),
  rule('001 §8.11', "Too large: 'File Too Large, max file size 10Mb'", "Слишком большой: 'File Too Large, max file size 10Mb'"),
  rule('001 §8.12', 'Upload 401 redirects to logout', 'Ответ 401 при загрузке ведёт к выходу'),
  rule('001 §8.13', "Signature: 'Cant save empty sign!'", "Подпись: 'Cant save empty sign!'"),
  rule('001 §8.14', "Loading failures: 'Load data error' and others", "Ошибки загрузки данных: 'Load data error' и другие"),
  rule('001 §8.15', "Vload: 'Some errors try again later', or the server message", "Vload: 'Some errors try again later' или сообщение сервера"),
  rule('001 §8.16', 'Two-factor wrong code: the server message, inputs cleared', 'Неверный код: сообщение сервера, поля очищены'),
  rule('001 §8.17', 'Payment return alerts: error, success and process titles', 'Окна возврата платежа: ошибка, успех, в обработке'),
  rule('001 §8.18', 'Registration US block: a notice with title and text', 'Блокировка регистрации из США: уведомление с заголовком и текстом'),
  rule('001 §8.19', "Social sign-in failure: 'Operation failed.Please try again.'", "Ошибка входа через соцсеть: 'Operation failed.Please try again.'"),

  // 001 §9
  rule('001 §9.1', 'Default minimum deposit 250; 500 shown for US/CA', 'Минимальный депозит по умолчанию 250; для US/CA показывается 500', { where: 'core/min-deposit.ts' }),
  rule('001 §9.2', 'Vload amount floored at 250', 'Сумма Vload не меньше 250'),
  rule('001 §9.3', 'Default amounts: altcoin 1.5; bank and others 250', 'Суммы по умолчанию: альткоин 1.5; банк и другие 250'),
  rule('001 §9.4', 'Bonus tiers: bronze 1.2% + 20, silver 1.5% + 50, gold 2% + 100', 'Уровни бонуса: bronze 1.2% + 20, silver 1.5% + 50, gold 2% + 100', { where: 'core/amount.ts' }),
  rule('001 §9.5', 'Max bonus percent 3.5 and value 200 (settings); a promotion adds to the percent', 'Максимум бонуса 3.5% и 200 (настройки); акция добавляет к проценту', { where: 'core/amount.ts' }),
  rule('001 §9.6', 'Invoice countdown 3600 s; status poll 60 s', 'Отсчёт счёта 3600 с; опрос статуса 60 с'),
  rule('001 §9.7', 'Limited offer timer 180 s; risk-free timer 3600 s', 'Таймер ограниченного предложения 180 с; без риска — 3600 с', { deviation: 'spec README item 6' }),
  rule('001 §9.8', 'Card expiry defaults: month 01, the current year', 'Срок карты по умолчанию: месяц 01, текущий год'),
  rule('001 §9.9', 'History limit 999; reports page size 100 with skip paging', 'Лимит истории 999; страница отчётов 100 со сдвигом'),
  rule('001 §9.10', 'Notifications: the first 3 shown, the rest on demand', 'Уведомления: первые 3, остальные по запросу'),
  rule('001 §9.11', 'Two-factor code length 6', 'Длина двухфакторного кода 6'),
  rule('001 §9.12', 'Maximum upload size 10 MB', 'Максимальный размер загрузки 10 МБ', { where: 'core/upload.ts' }),
  rule('001 §9.13', 'Gift cookie 1 day; giveaway popup after 600000 ms, repeats after 24 hours', 'Cookie подарка 1 день; окно розыгрыша через 600000 мс, повтор через 24 часа'),
  rule('001 §9.14', 'Chat auto-opens once after 400 ms; the gift popup shows 15 s on the landing page', 'Чат открывается сам один раз через 400 мс; окно подарка на лендинге 15 с'),
  rule('001 §9.15', 'Card number lengths come from card-type detection', 'Длины номера карты берутся из определения типа', { where: 'core/card-facts.ts' }),
  rule('001 §9.16', 'Dates DD.MM.YYYY; reports start yesterday; history starts at registration', 'Даты DD.MM.YYYY; отчёты со вчерашнего дня; история с даты регистрации'),
  rule('001 §9.17', 'Phone minimum 7 characters', 'Телефон не короче 7 символов'),
  rule('001 §9.18', 'Fixed currencies BTC, USD, EUR, LTC, ETH, DASH, ZEC', 'Фиксированные валюты BTC, USD, EUR, LTC, ETH, DASH, ZEC'),
  rule('001 §9.19', 'Exchange account minimums 250 USD/EUR', 'Минимум биржевого счёта 250 USD/EUR', { where: 'core/min-deposit.ts' }),
  rule('001 §9.20', 'IQ mining bonus parameter 162', 'Параметр бонуса IQ mining 162'),

  // 002 §4
  rule('002 §4.1', 'Invoice starts as wt', 'Счёт начинается в wt'),
  rule('002 §4.2', 'Invoice polled once a minute and once when the countdown ends', 'Счёт опрашивается раз в минуту и один раз по окончании отсчёта'),
  rule('002 §4.3', 'Invoice polling stops at su or ex', 'Опрос счёта прекращается на su или ex'),
  rule('002 §4.4', 'The countdown starts 300 ms after the page loads', 'Отсчёт начинается через 300 мс после загрузки страницы'),
  rule('002 §4.5', 'Replying to a ticket that is not Open sets it Open and refreshes the list', 'Ответ в не открытый тикет делает его Open и обновляет список'),
  rule('002 §4.6', 'Closing a ticket sets it closed and returns to the list', 'Закрытие тикета закрывает его и возвращает к списку'),
  rule('002 §4.7', 'Support initialisation retries up to 3 times on failure', 'Инициализация поддержки повторяется до 3 раз при сбое'),
  rule('002 §4.8', 'Two-factor: choosing one method clears the others', 'Двухфакторная защита: выбор одного способа снимает остальные'),
  rule('002 §4.9', 'Choosing google first requires the email factor, then opens the google modal', 'Выбор google сначала требует фактор email, затем открывает окно google'),
  rule('002 §4.10', "On success the new method is stored and 'Saving Successfully' shown", "При успехе новый способ сохраняется и показывается 'Saving Successfully'"),
  rule('002 §4.11', 'Withdrawal: the server reply carries a case (one to six or verify)', 'Вывод: ответ сервера содержит случай (one–six или verify)', { where: 'core/withdrawal.ts' }),
  rule('002 §4.12', 'Case five: the final request is sent directly', 'Случай five: финальный запрос отправляется сразу'),
  rule('002 §4.13', 'Cases one, two, three, four, six: a confirmation modal opens', 'Случаи one, two, three, four, six: открывается окно подтверждения'),
  rule('002 §4.14', 'Case verify: the need-verify modal opens', 'Случай verify: открывается окно необходимости верификации'),
  rule('002 §4.15', 'Exchange (fixed) mode goes straight to the final request', 'Биржевой (фиксированный) режим сразу идёт к финальному запросу'),
  rule('002 §4.16', 'A final reply may demand a google factor: the google modal, then resubmit', 'Финальный ответ может потребовать фактор google: окно google, затем повторная отправка'),
  rule('002 §4.17', "A pending withdrawal can be cancelled after 'Do you want to cancel this withdrawal?'", "Ожидающий вывод можно отменить после 'Do you want to cancel this withdrawal?'"),
  rule('002 §4.18', 'Trading blocked when not Full, deposited (or last_count) and not signed', 'Торговля заблокирована, если не Full, был депозит (или last_count) и нет подписи'),
  rule('002 §4.19', 'A successful upload of the signature or document unlocks trading', 'Успешная загрузка подписи или документа разблокирует торговлю'),
  rule('002 §4.20', 'The sign-up modal is reopened for up to 10 clicks', 'Окно подписи открывается снова до 10 кликов'),
  rule('002 §4.21', 'Weekend window: day 5 from 21:00, all of day 6, day 0 before 21:00', 'Окно выходных: день 5 с 21:00, весь день 6, день 0 до 21:00', { where: 'machines/shared/weekend.ts' }),
  rule('002 §4.22', 'Validation: tr_attemps at least 5 shows the max-tries state', 'Проверка: при tr_attemps от 5 показывается состояние исчерпанных попыток'),
  rule('002 §4.23', 'Validation success sets tr_success and leaves the validate state', 'Успешная проверка ставит tr_success и уходит из состояния проверки'),
  rule('002 §4.24', 'A wrong value resets the input and shows the attempts left; none left is locked', 'Неверное значение очищает поле и показывает оставшиеся попытки; без попыток — блокировка'),
  rule('002 §4.25', 'Chat panel: open, closed, minimised, maximised', 'Панель чата: открыта, закрыта, свёрнута, развёрнута'),

  // 002 §5
  rule('002 §5.1', 'Security form submitted only if valid; focus goes to the first invalid field', 'Форма безопасности отправляется только верной; фокус на первое неверное поле'),
  rule('002 §5.2', "Withdrawal amount a number greater than 0, else 'Incorrect amount!'", "Сумма вывода — число больше 0, иначе 'Incorrect amount!'"),
  rule('002 §5.3', "Wallet required unless Credit Card, Ok Pay or Perfect Money, else 'Please enter Wallet address!'", "Кошелёк обязателен, кроме Credit Card, Ok Pay и Perfect Money, иначе 'Please enter Wallet address!'", { where: 'core/withdrawal.ts' }),
  rule('002 §5.4', 'Amount digits: 2 for USD, RUB, GBP, EUR; 5 otherwise', 'Знаков в сумме: 2 для USD, RUB, GBP, EUR; иначе 5', { where: 'core/money.ts' }),
  rule('002 §5.5', 'Turnover shown with 0 decimals for USD, RUB, EUR, GBP; 5 otherwise', 'Оборот с 0 знаков для USD, RUB, EUR, GBP; иначе 5', { where: 'core/format.ts' }),

  // 002 §8
  rule('002 §8.1', 'Security failure: the server message, else the generic 500 message', 'Ошибка безопасности: сообщение сервера, иначе общее сообщение 500'),
  rule('002 §8.2', 'Two-factor failure: an error toast with the server message', 'Ошибка двухфакторной защиты: уведомление с сообщением сервера'),
  rule('002 §8.3', "Ticket close failure: 'Server error try again later.'", "Ошибка закрытия тикета: 'Server error try again later.'"),
  rule('002 §8.4', "Clipboard: 'Address copied', 'Amount copied', or 'Unable to copy!'", "Буфер обмена: 'Address copied', 'Amount copied' или 'Unable to copy!'"),
  rule('002 §8.5', "Contest load failure: 'Some errors...'", "Ошибка загрузки конкурса: 'Some errors...'"),
  rule('002 §8.6', "Validation attempt failure: 'Some errors, please try latter.'", "Ошибка попытки проверки: 'Some errors, please try latter.'"),
  rule('002 §8.7', "Withdrawal cancel: 'Success'; failure the server message or 'Sorry some errors'", "Отмена вывода: 'Success'; при ошибке сообщение сервера или 'Sorry some errors'"),
  rule('002 §8.8', 'A failed final or withdrawal call: the server message or the generic error', 'Неудачный финальный вызов или вывод: сообщение сервера или общая ошибка'),
  rule('002 §8.9', 'A failed withdrawal check: the error field, the message shaken', 'Неудачная проверка вывода: поле error, сообщение «встряхивается»'),
  rule('002 §8.10', "Setting the account fails: 'Cant set account id.'", "Ошибка выбора счёта: 'Cant set account id.'"),
  rule('002 §8.11', 'need_auth true forces logout', 'need_auth true принудительно выводит из системы'),
  rule('002 §8.12', "Confirmations 'Close Ticket / Are you sure?' and 'Do you want to cancel this withdrawal?' with Yes and No", "Подтверждения 'Close Ticket / Are you sure?' и 'Do you want to cancel this withdrawal?' с Yes и No"),

  // 002 §9
  rule('002 §9.1', 'Invoice countdown 3600 s; poll every 60 s; countdown start delay 300 ms', 'Отсчёт счёта 3600 с; опрос каждые 60 с; задержка старта 300 мс'),
  rule('002 §9.2', 'Max validation tries 5', 'Не больше 5 попыток проверки', { where: 'core/validation-tries.ts' }),
  rule('002 §9.3', 'Support init retries 3; the dialog closes after 3500 ms', 'Инициализация поддержки 3 попытки; диалог закрывается через 3500 мс'),
  rule('002 §9.4', 'Weekly contest shows 20 rows, weekend 10', 'Недельный конкурс — 20 строк, выходной — 10'),
  rule('002 §9.5', 'Weekly prizes by rank', 'Призы недельного конкурса по местам', { where: 'core/contest-prizes.ts' }),
  rule('002 §9.6', 'Weekend prizes by rank', 'Призы конкурса выходных по местам', { where: 'core/contest-prizes.ts' }),
  rule('002 §9.7', 'Balance sync at most once a minute, only when changed; a user update on the first and every 5th', 'Синхронизация баланса не чаще раза в минуту и только при изменении; обновление пользователя на первой и каждой пятой'),
  rule('002 §9.8', 'Sign-up modal reopened up to 10 clicks', 'Окно подписи снова до 10 кликов'),
  rule('002 §9.9', 'Chat minimum height 582 px; maximum 73% of the page width', 'Минимальная высота чата 582 px; максимум 73% ширины страницы'),
  rule('002 §9.10', 'Toast delay 5 s', 'Задержка уведомления 5 с'),
  rule('002 §9.11', 'Red price label: 1 divided by the rate, times 1.2', 'Красная цена: 1 делённое на курс, умноженное на 1.2', { deviation: 'spec README item 2' }),
  rule('002 §9.12', 'Default marketing number 10, overridable by country and affiliate', 'Маркетинговое число по умолчанию 10, меняется по стране и партнёру'),
  rule('002 §9.13', 'Ticker: 30 entries, 70% profit and 30% loss', 'Бегущая строка: 30 записей, 70% прибыль и 30% убыток', { deviation: 'spec README item 1' }),
];

export const SPEC_DEVIATIONS: readonly SpecDeviation[] = [
  {
    id: 'spec README item 1',
    kind: 'deviation',
    ref: 'spec README, "Where we deliberately do better" 1',
    rules: ['002 §9.13'],
    reason: { en: 'No invented profits: the ticker shows only real settled trades, and hides when there are none.', ru: 'Никаких выдуманных прибылей: строка показывает только реальные закрытые сделки и скрыта, если их нет.' },
  },
  {
    id: 'spec README item 2',
    kind: 'deviation',
    ref: 'spec README, "Where we deliberately do better" 2',
    rules: ['002 §9.11'],
    reason: { en: 'The real rate, labelled approximate, without the 1.2 markup.', ru: 'Реальный курс с пометкой «примерно», без наценки 1.2.' },
  },
  {
    id: 'spec README item 3',
    kind: 'deviation',
    ref: 'spec README, "Where we deliberately do better" 3',
    rules: ['000 §4.15'],
    reason: { en: 'Do-not-honor opens an honest dialog (the bank declined; contact it or choose another method), not a promotion; no further processor.', ru: 'Do-not-honor открывает честный диалог (банк отклонил; обратитесь в банк или выберите другой способ), а не рекламу; дальше процессоры не пробуются.' },
  },
  {
    id: 'spec README item 4',
    kind: 'deviation',
    ref: 'spec README, "Where we deliberately do better" 4',
    rules: ['000 §4.16', '000 §8.7'],
    reason: {
      en: "A hard decline (lost, stolen, invalid, expired, no such card, disabled, wrong PIN, insufficient funds — Zoom's host code 51 —, suspected fraud) stops the cascade whatever processor returned it: the card schemes forbid retrying it elsewhere. Zoom's token error still adds EZPAY to the tried list and continues.",
      ru: 'Жёсткий отказ (утеряна, украдена, неверный номер, просрочена, нет карты, отключена, неверный PIN, нет средств — код Zoom 51 —, подозрение на мошенничество) останавливает каскад, какой бы процессор его ни вернул: платёжные системы запрещают повтор у другого. Ошибка токена Zoom по-прежнему добавляет EZPAY в опробованные и продолжает.',
    },
  },
  {
    id: 'spec README item 5',
    kind: 'deviation',
    ref: 'spec README, "Where we deliberately do better" 5',
    rules: ['000 §5.12', '000 §9.8'],
    reason: { en: 'The confirmation of a tip over 40 states the exact amount that will be deducted, not $50.', ru: 'Подтверждение чаевых больше 40 называет точную сумму списания, а не $50.' },
  },
  {
    id: 'spec README item 6',
    kind: 'deviation',
    ref: 'spec README, "Where we deliberately do better" 6',
    rules: ['001 §4.15', '001 §4.16', '001 §9.7'],
    reason: { en: 'Timed offers count down to a real expiry held by the server; a reload does not restart them.', ru: 'Предложения отсчитывают до настоящего срока на сервере; перезагрузка не начинает отсчёт заново.' },
  },
  {
    id: 'spec README: minimum deposit',
    kind: 'deviation',
    ref: 'spec README, "Where the three files disagree"',
    rules: ['000 §9.3'],
    reason: { en: 'The default minimum is 250 (001 covers deposits in depth); 10 is a valid setting.', ru: 'Минимум по умолчанию 250 (001 описывает депозиты подробно); 10 — допустимая настройка.' },
  },
  {
    id: 'docs/funding.md: network failure',
    kind: 'deviation',
    ref: 'docs/funding.md, "Deviations from the specification"',
    rules: ['000 §8.1'],
    reason: {
      en: "A processor's failure our server reports (its start timed out or answered 5xx and was reversed; or it was skipped as unhealthy) moves the cascade on, as the spec says, and when the last processor failed so the run ends with the toast 'Response error, try again'. When our server gives no answer at all (the trader's connection, or a failure of ours) nothing says whether the processor charged the card: 'Response error, try again' with Retry (the same start under the same key, never a second charge) and Cancel, no other processor. A refusal (4xx) stops with its message.",
      ru: "Сбой процессора, о котором сообщает наш сервер (его старт не ответил вовремя или ответил 5xx и был отменён; или процессор пропущен как неисправный), переводит каскад дальше, как в спецификации, а если так отказал последний процессор, попытка заканчивается всплывающим 'Response error, try again'. Когда наш сервер не ответил вовсе (связь трейдера или наш сбой), неизвестно, списал ли процессор деньги: 'Response error, try again' с «Повторить» (тот же старт с тем же ключом, без второго списания) и «Отмена», без другого процессора. Отказ сервера (4xx) останавливает с его сообщением.",
    },
  },
  {
    id: 'docs/funding.md: card minimum checked',
    kind: 'deviation',
    ref: 'docs/funding.md, "Deviations from the specification"',
    rules: ['001 §5.4'],
    reason: { en: "The card form checks the minimum (000 §5's rule) instead of always passing: the server refuses below it anyway, so the trader learns it before typing a card.", ru: 'Форма карты проверяет минимум (правило 000 §5), а не пропускает всегда: сервер всё равно откажет, и трейдер узнаёт это до ввода карты.' },
  },
  {
    id: 'addition: fraud check first',
    kind: 'addition',
    ref: 'docs/funding.md, "Deviations from the specification"',
    rules: ['000 §4.19'],
    reason: {
      en: 'The fraud check runs first on every payment, whatever the stack (the daily limit of 3 and the card risk hold before any charge); FRAUD in the stack runs it again at its place, as the spec says.',
      ru: 'Проверка на мошенничество идёт первой в каждом платеже, каким бы ни был стек (лимит 3 в день и риск карты до любого списания); FRAUD в стеке повторяет её на своём месте, как в спецификации.',
    },
  },
  {
    id: 'addition: listen deadline',
    kind: 'addition',
    ref: 'docs/funding.md, "Deviations from the specification"',
    rules: ['000 §4.6'],
    reason: {
      en: 'Listening ends after 120 s without a final answer: the run is left unresolved (the payment is not lost; its result arrives by push and in the history) instead of polling forever.',
      ru: 'Ожидание заканчивается через 120 с без окончательного ответа: попытка остаётся нерешённой (платёж не теряется; результат придёт push-сообщением и в истории), а не опрашивается вечно.',
    },
  },
  {
    id: 'addition: processor health',
    kind: 'addition',
    ref: 'docs/funding.md, "Processor health"',
    rules: ['000 §4.4', '000 §4.5'],
    reason: {
      en: "A processor that failed in transport several times in a row is skipped by the server (the card is not sent to it) until a probe after a cool-down answers; the cascade moves on; only when every processor of the stack was skipped is the trader told card payments are temporarily unavailable.",
      ru: 'Процессор, несколько раз подряд не ответивший на старт, сервер пропускает (карта ему не отправляется), пока пробный старт после паузы не получит ответ; каскад идёт дальше; только если пропущены все процессоры стека, трейдеру говорится, что оплата картой временно недоступна.',
    },
  },
  {
    id: 'addition: Concept 003 stops',
    kind: 'addition',
    ref: 'docs/funding.md, "Deviations from the specification"',
    rules: ['000 §8.4'],
    reason: { en: "Concept's blacklisting answer (code 003) also ends the cascade: a blacklisted card is a hard decline.", ru: 'Ответ Concept о чёрном списке (код 003) также завершает каскад: карта в чёрном списке — жёсткий отказ.' },
  },
];

export const specRule = (id: string): SpecRule | undefined => SPEC_RULES.find((r) => r.id === id);
export const specDeviation = (id: string): SpecDeviation | undefined => SPEC_DEVIATIONS.find((d) => d.id === id);

/** the sections whose every rule must be tagged on a machine (the issue's done-when) */
export const MUST_TAG: ReadonlyArray<{ file: SpecFile; section: SpecSection }> = [
  { file: '000', section: 4 },
  { file: '002', section: 4 },
];

/** what a state or transition's meta says about the spec */
export interface SpecMeta {
  spec?: string[];
  deviation?: string | string[];
}

/** the rule ids and deviation ids of a state's or transition's meta (anything else is ignored) */
export function readSpecMeta(meta: unknown): { spec: string[]; deviation: string[] } {
  const m = (typeof meta === 'object' && meta !== null ? meta : {}) as SpecMeta;
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : typeof v === 'string' ? [v] : []);
  return { spec: list(m.spec), deviation: list(m.deviation) };
}
