/** The bitcoin explanation (dynamic modal bitcoin_explanation), in every language. */
const en = {
  'bitcoin_explain.step1': 'On the deposit page, choose the Bitcoin tab and enter the amount. You get an address and the exact amount of bitcoin to send.',
  'bitcoin_explain.step2': 'Send it from your own wallet. Check the address: a payment sent on the blockchain cannot be taken back.',
  'bitcoin_explain.step3': 'Your deposit is credited once the network confirms the payment, and you see it on your balance.',
  'bitcoin_explain.fees': 'The network fee is set and paid by your wallet, on top of the amount you send.',
  'bitcoin_explain.go': 'Open the deposit page',
};

const ru: typeof en = {
  'bitcoin_explain.step1': 'На странице пополнения выберите вкладку «Биткоин» и введите сумму. Вы получите адрес и точную сумму в биткоинах для отправки.',
  'bitcoin_explain.step2': 'Отправьте её из своего кошелька. Проверьте адрес: платёж, отправленный в блокчейне, нельзя отменить.',
  'bitcoin_explain.step3': 'Пополнение зачисляется, когда сеть подтвердит платёж, и вы увидите его на балансе.',
  'bitcoin_explain.fees': 'Комиссию сети назначает и платит ваш кошелёк, сверх отправляемой суммы.',
  'bitcoin_explain.go': 'Открыть страницу пополнения',
};

export const messages = { en, ru };
