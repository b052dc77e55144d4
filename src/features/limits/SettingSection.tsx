import type { ReactNode } from 'react';
import type { Msg } from '../../../core/message';
import { useT } from '../../i18n';

/** What a setting's section of #/show/limits gives its frame (its flow's connect: the reality check's, the session time's). */
export interface SettingFrame {
  loading: boolean;
  loadFailed: boolean;
  ready: boolean;
  error: Msg | null;
  getSectionProps: () => object;
  getTitleProps: () => object;
  getLoadingProps: () => object;
  getAnswerProps: () => object;
  getRetryProps: () => object;
}

/** The frame both one-select settings of the limits page share: title, intro, loading, a failed read with its retry, then the setting itself. */
export function SettingSection({ setting, testId, title, intro, loading, children }: { setting: SettingFrame; testId: string; title: string; intro: string; loading: string; children: ReactNode }) {
  const { t, text } = useT();
  return (
    <section {...setting.getSectionProps()} className="panel limits__panel" data-testid={testId}>
      <h2 {...setting.getTitleProps()}>{title}</h2>
      <p className="muted">{intro}</p>
      {setting.loading && <p {...setting.getLoadingProps()} className="muted">{loading}</p>}
      {setting.loadFailed && (
        <div className="form-error" data-testid={`${testId}-load-failed`}>
          <p {...setting.getAnswerProps()}>{text(setting.error)}</p>
          <button {...setting.getRetryProps()} className="button button--small">
            {t('limits.retry')}
          </button>
        </div>
      )}
      {setting.ready && children}
    </section>
  );
}
