/** Timed offers and the visitor gift popup, in every language. Terms in plain words; no urgency beyond the real deadline. */
const en = {
  'offers.limited.title': 'A bonus code for your next deposit',
  'offers.giveaway.title': 'A gift to your bonus balance',
  'offers.risk_free.title': 'Your next trade, risk-free',
  'offers.risk_free.terms_one': "Accept and your next trade is risk-free: the first trade you open on the platform within {count} hour after accepting. If that trade closes at a loss, the loss, at most {value}, is refunded to your bonus balance (not your trading balance) when it settles. Only that one trade counts: if it wins or ends even, nothing is refunded and the offer is used up. Bonus money cannot be withdrawn or traded while it is in the bonus balance. The refund adds no turnover of its own: it moves to your trading account with the rest of the bonus balance when your trading turnover (the stakes of your settled trades) reaches what your deposit bonuses ask ({multiplier} × each); with no deposit bonus waiting, your next settled trade moves it. A withdrawal while a deposit bonus's turnover is still open takes the whole bonus balance back.",
  'offers.risk_free.terms_other': "Accept and your next trade is risk-free: the first trade you open on the platform within {count} hours after accepting. If that trade closes at a loss, the loss, at most {value}, is refunded to your bonus balance (not your trading balance) when it settles. Only that one trade counts: if it wins or ends even, nothing is refunded and the offer is used up. Bonus money cannot be withdrawn or traded while it is in the bonus balance. The refund adds no turnover of its own: it moves to your trading account with the rest of the bonus balance when your trading turnover (the stakes of your settled trades) reaches what your deposit bonuses ask ({multiplier} × each); with no deposit bonus waiting, your next settled trade moves it. A withdrawal while a deposit bonus's turnover is still open takes the whole bonus balance back.",
  'offers.limited.terms_one':
    'Accept and you get a personal promo code worth {value} of extra bonus, for one deposit of yours made with the bonus within {count} hour. The usual bonus rules apply: the whole bonus of a deposit is at most {max}, and a bonus moves to your trading account when your trading turnover (the stakes of your settled trades) reaches {multiplier} × the bonus; a withdrawal before that takes the bonus balance back.',
  'offers.limited.terms_other':
    'Accept and you get a personal promo code worth {value} of extra bonus, for one deposit of yours made with the bonus within {count} hours. The usual bonus rules apply: the whole bonus of a deposit is at most {max}, and a bonus moves to your trading account when your trading turnover (the stakes of your settled trades) reaches {multiplier} × the bonus; a withdrawal before that takes the bonus balance back.',
  'offers.giveaway.terms':
    "Accept and we add {value} to your bonus balance, once. Bonus money cannot be withdrawn or traded while it is in the bonus balance. It moves to your trading account when your trading turnover (the stakes of your settled trades) reaches what your deposit bonuses ask ({multiplier} × each); with no deposit bonus waiting, your next settled trade moves it. A withdrawal while a deposit bonus's turnover is still open takes the whole bonus balance back. The next gift can come 24 hours after this one at the earliest.",
  'offers.deadline': 'This offer is open until {deadline} ({remaining} left). After that it ends and nothing is credited.',
  'offers.accept': 'Accept',
  'offers.ignore': 'No, thanks',
  'offers.working': 'One moment…',
  'offers.limited.accepted': 'Your code is {code}. Enter it on the funding page with your next deposit, with the bonus chosen, before {until}.',
  'offers.giveaway.accepted': '{value} has been added to your bonus balance.',
  'offers.risk_free.accepted': 'Accepted. Your next trade opened before {until} is risk-free: if it closes at a loss, up to {value} is refunded to your bonus balance when it settles. Only that one trade counts. Your notifications say when the refund is paid.',
  'offers.ignored': 'You declined this offer. Nothing was changed.',
  'offers.expired': 'This offer has ended. Nothing was credited.',
  'offers.failed': 'That did not go through. Nothing was changed; please try again.',
  'offer.expired': 'This offer has ended: nothing was credited.',
  'offer.ignored': 'You declined this offer.',
  'gift.title': 'Try the platform first',
  'gift.text': 'Opening an account is free. A demo account gives you {amount} in virtual money to practise with: it is not real money and cannot be withdrawn. No deposit is needed.',
  'gift.open_demo': 'Open a demo account',
  'gift.close': 'Close',
};

const ru: Record<keyof typeof en | 'offers.limited.terms_few' | 'offers.limited.terms_many' | 'offers.risk_free.terms_few' | 'offers.risk_free.terms_many', string> = {
  'offers.limited.title': 'Бонусный код к следующему пополнению',
  'offers.giveaway.title': 'Подарок на бонусный баланс',
  'offers.risk_free.title': 'Следующая сделка — без риска',
  'offers.risk_free.terms_one': 'Примите предложение, и ваша следующая сделка будет без риска: первая сделка, которую вы откроете на платформе в течение {count} часа после согласия. Если она закроется с убытком, убыток, но не больше {value}, вернётся на ваш бонусный баланс (не на торговый) после её закрытия. Считается только эта одна сделка: если она выиграет или закончится вничью, ничего не возвращается, и предложение использовано. Пока бонусные деньги на бонусном балансе, их нельзя вывести и ими нельзя торговать. Возврат не добавляет своего оборота: он переходит на торговый счёт вместе с остальным бонусным балансом, когда ваш торговый оборот (ставки закрытых сделок) достигнет того, что требуют бонусы к пополнению ({multiplier} × каждый); если такого бонуса нет, его переводит ваша следующая закрытая сделка. Вывод средств, пока оборот бонуса к пополнению не выполнен, забирает весь бонусный баланс.',
  'offers.risk_free.terms_few': 'Примите предложение, и ваша следующая сделка будет без риска: первая сделка, которую вы откроете на платформе в течение {count} часов после согласия. Если она закроется с убытком, убыток, но не больше {value}, вернётся на ваш бонусный баланс (не на торговый) после её закрытия. Считается только эта одна сделка: если она выиграет или закончится вничью, ничего не возвращается, и предложение использовано. Пока бонусные деньги на бонусном балансе, их нельзя вывести и ими нельзя торговать. Возврат не добавляет своего оборота: он переходит на торговый счёт вместе с остальным бонусным балансом, когда ваш торговый оборот (ставки закрытых сделок) достигнет того, что требуют бонусы к пополнению ({multiplier} × каждый); если такого бонуса нет, его переводит ваша следующая закрытая сделка. Вывод средств, пока оборот бонуса к пополнению не выполнен, забирает весь бонусный баланс.',
  'offers.risk_free.terms_many': 'Примите предложение, и ваша следующая сделка будет без риска: первая сделка, которую вы откроете на платформе в течение {count} часов после согласия. Если она закроется с убытком, убыток, но не больше {value}, вернётся на ваш бонусный баланс (не на торговый) после её закрытия. Считается только эта одна сделка: если она выиграет или закончится вничью, ничего не возвращается, и предложение использовано. Пока бонусные деньги на бонусном балансе, их нельзя вывести и ими нельзя торговать. Возврат не добавляет своего оборота: он переходит на торговый счёт вместе с остальным бонусным балансом, когда ваш торговый оборот (ставки закрытых сделок) достигнет того, что требуют бонусы к пополнению ({multiplier} × каждый); если такого бонуса нет, его переводит ваша следующая закрытая сделка. Вывод средств, пока оборот бонуса к пополнению не выполнен, забирает весь бонусный баланс.',
  'offers.risk_free.terms_other': 'Примите предложение, и ваша следующая сделка будет без риска: первая сделка, которую вы откроете на платформе в течение {count} часа после согласия. Если она закроется с убытком, убыток, но не больше {value}, вернётся на ваш бонусный баланс (не на торговый) после её закрытия. Считается только эта одна сделка: если она выиграет или закончится вничью, ничего не возвращается, и предложение использовано. Пока бонусные деньги на бонусном балансе, их нельзя вывести и ими нельзя торговать. Возврат не добавляет своего оборота: он переходит на торговый счёт вместе с остальным бонусным балансом, когда ваш торговый оборот (ставки закрытых сделок) достигнет того, что требуют бонусы к пополнению ({multiplier} × каждый); если такого бонуса нет, его переводит ваша следующая закрытая сделка. Вывод средств, пока оборот бонуса к пополнению не выполнен, забирает весь бонусный баланс.',
  'offers.limited.terms_one':
    'Примите предложение, и вы получите личный промокод на {value} дополнительного бонуса к одному вашему пополнению с бонусом в течение {count} часа. Действуют обычные правила бонуса: весь бонус пополнения не больше {max}, а бонус переходит на торговый счёт, когда ваш торговый оборот (ставки закрытых сделок) достигнет {multiplier} × бонус; вывод средств раньше этого забирает бонусный баланс.',
  'offers.limited.terms_few':
    'Примите предложение, и вы получите личный промокод на {value} дополнительного бонуса к одному вашему пополнению с бонусом в течение {count} часов. Действуют обычные правила бонуса: весь бонус пополнения не больше {max}, а бонус переходит на торговый счёт, когда ваш торговый оборот (ставки закрытых сделок) достигнет {multiplier} × бонус; вывод средств раньше этого забирает бонусный баланс.',
  'offers.limited.terms_many':
    'Примите предложение, и вы получите личный промокод на {value} дополнительного бонуса к одному вашему пополнению с бонусом в течение {count} часов. Действуют обычные правила бонуса: весь бонус пополнения не больше {max}, а бонус переходит на торговый счёт, когда ваш торговый оборот (ставки закрытых сделок) достигнет {multiplier} × бонус; вывод средств раньше этого забирает бонусный баланс.',
  'offers.limited.terms_other':
    'Примите предложение, и вы получите личный промокод на {value} дополнительного бонуса к одному вашему пополнению с бонусом в течение {count} часа. Действуют обычные правила бонуса: весь бонус пополнения не больше {max}, а бонус переходит на торговый счёт, когда ваш торговый оборот (ставки закрытых сделок) достигнет {multiplier} × бонус; вывод средств раньше этого забирает бонусный баланс.',
  'offers.giveaway.terms':
    'Примите предложение, и мы один раз зачислим {value} на ваш бонусный баланс. Пока бонусные деньги на бонусном балансе, их нельзя вывести и ими нельзя торговать. Они переходят на торговый счёт, когда ваш торговый оборот (ставки закрытых сделок) достигнет того, что требуют бонусы к пополнению ({multiplier} × каждый); если такого бонуса нет, их переводит ваша следующая закрытая сделка. Вывод средств, пока оборот бонуса к пополнению не выполнен, забирает весь бонусный баланс. Следующий подарок возможен не раньше чем через 24 часа после этого.',
  'offers.deadline': 'Предложение действует до {deadline} (осталось {remaining}). Потом оно заканчивается, и ничего не зачисляется.',
  'offers.accept': 'Принять',
  'offers.ignore': 'Нет, спасибо',
  'offers.working': 'Секунду…',
  'offers.limited.accepted': 'Ваш код: {code}. Введите его на странице пополнения при следующем пополнении с бонусом до {until}.',
  'offers.giveaway.accepted': '{value} зачислено на ваш бонусный баланс.',
  'offers.risk_free.accepted': 'Принято. Ваша следующая сделка, открытая до {until}, без риска: если она закроется с убытком, до {value} вернётся на ваш бонусный баланс после её закрытия. Считается только эта одна сделка. О возврате вам придёт уведомление.',
  'offers.ignored': 'Вы отказались от предложения. Ничего не изменилось.',
  'offers.expired': 'Предложение закончилось. Ничего не зачислено.',
  'offers.failed': 'Не получилось. Ничего не изменилось; попробуйте ещё раз.',
  'offer.expired': 'Предложение закончилось: ничего не зачислено.',
  'offer.ignored': 'Вы отказались от этого предложения.',
  'gift.title': 'Сначала попробуйте платформу',
  'gift.text': 'Открыть счёт бесплатно. Демо-счёт даёт {amount} виртуальных денег для практики: это не настоящие деньги, и вывести их нельзя. Пополнение не нужно.',
  'gift.open_demo': 'Открыть демо-счёт',
  'gift.close': 'Закрыть',
};

export const messages = { en, ru };
