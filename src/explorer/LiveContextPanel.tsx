import { useT } from '../i18n';

/**
 * The followed actor's context as its machine's allow-list shares it (issue 34 §1:
 * machines/inspection/context-allow.ts): one line per field, its value as JSON. A machine not on
 * the list shares none, and the panel says so instead of showing an empty box.
 */
export function LiveContextPanel({ context }: { context: Record<string, unknown> | null }) {
  const { t } = useT();
  return (
    <section className="x-panel x-live__context" aria-labelledby="live-context-title" data-testid="live-context">
      <h3 id="live-context-title">{t('explorer.live.context')}</h3>
      {context === null ? (
        <p className="x-muted x-small">{t('explorer.live.context_none')}</p>
      ) : (
        <>
          <p className="x-muted x-small">{t('explorer.live.context_note')}</p>
          <dl className="x-live__fields">
            {Object.entries(context).map(([key, value]) => (
              <div key={key} data-field={key}>
                <dt>{key}</dt>
                <dd>
                  <code>{JSON.stringify(value)}</code>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
