import type { ContactFormApi } from '../../flows/contact/contact-form.connect';
import { useT } from '../../i18n';

/** The company's support email and phone (GET /api/info) as mailto: and tel: links. */
export function ContactInfo({
  info,
  infoUnavailable,
  getInfoProps,
  getInfoTitleProps,
  getInfoStatusProps,
  getInfoRetryProps,
}: Pick<ContactFormApi, 'info' | 'infoUnavailable' | 'getInfoProps' | 'getInfoTitleProps' | 'getInfoStatusProps' | 'getInfoRetryProps'>) {
  const { t } = useT();
  if (infoUnavailable) {
    return (
      <p {...getInfoStatusProps()} className="form-note">
        {t('contacts.info_unavailable')}{' '}
        <button {...getInfoRetryProps()} className="button button--small button--ghost">
          {t('common.retry')}
        </button>
      </p>
    );
  }
  if (!info) return null;
  return (
    <section {...getInfoProps()} className="contact-info">
      <h2 {...getInfoTitleProps()}>{t('contacts.info_title')}</h2>
      <dl>
        <div>
          <dt>{t('contacts.info_email')}</dt>
          <dd>
            <a href={info.mailto} data-testid="contact-info-email">
              {info.email}
            </a>
          </dd>
        </div>
        <div>
          <dt>{t('contacts.info_phone')}</dt>
          <dd>
            <a href={info.tel} data-testid="contact-info-phone">
              {info.phone}
            </a>
          </dd>
        </div>
      </dl>
    </section>
  );
}
