/* a module of its own: the app's dictionaries import it, and nothing else of core/site-pages comes with it */

/**
 * The sign-in page's first lines (issue 33 §1): the server's HTML draws them before the JavaScript
 * runs, so the page's largest text is painted with the first paint instead of ~1 s later on a
 * phone, and the app's dictionaries (src/i18n: app.name, login.title, login.subtitle) take them from here.
 */
export const SIGN_IN_TEXT = {
  en: { site: 'Brokerage', title: 'Sign in', subtitle: 'Trade, fund your account and withdraw in one place.' },
  ru: { site: 'Брокер', title: 'Вход', subtitle: 'Торгуйте, пополняйте счёт и выводите средства в одном месте.' },
} as const;

export const signInText = (lang: string) => (lang === 'ru' ? SIGN_IN_TEXT.ru : SIGN_IN_TEXT.en);
