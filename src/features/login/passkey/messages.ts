/** The sign-in page's passkey button (issue 31 §5), loaded with its chunk. */
export const messages = {
  en: {
    'passkey.sign_in': 'Sign in with a passkey',
    'passkey.signing_in': 'Follow your browser…',
    'passkey.failed': 'The passkey could not sign you in. Please try again.',
    'passkey.invalid': 'This passkey could not sign you in. Try again, or sign in with your password.',
    'passkey.cloned': 'This passkey was refused: it looks copied. Sign in with your password and remove it from your security page.',
    'passkeys.cancelled': 'No passkey was used: the browser’s window was closed or timed out.',
    'passkeys.unsupported': 'This browser cannot use passkeys.',
    'passkeys.exists': 'This device already holds one of your passkeys.',
  },
  ru: {
    'passkey.sign_in': 'Войти по ключу доступа',
    'passkey.signing_in': 'Следуйте подсказкам браузера…',
    'passkey.failed': 'Не удалось войти по ключу доступа. Попробуйте ещё раз.',
    'passkey.invalid': 'Этим ключом доступа войти не удалось. Попробуйте ещё раз или войдите по паролю.',
    'passkey.cloned': 'Ключ доступа отклонён: он похож на копию. Войдите по паролю и удалите его на странице безопасности.',
    'passkeys.cancelled': 'Ключ доступа не использован: окно браузера закрыто или время ожидания истекло.',
    'passkeys.unsupported': 'Этот браузер не поддерживает ключи доступа.',
    'passkeys.exists': 'На этом устройстве уже есть один из ваших ключей доступа.',
  },
};
