import type { SelfExclusionApi } from '../../flows/self-exclusion/self-exclusion.connect';
import { useT } from '../../i18n';

/** How long: the timeouts and the self-exclusions as one radio group in two parts; Continue goes on to the confirmation. */
export function ChoiceStep({ page }: { page: SelfExclusionApi }) {
  const { t, text } = useT();
  return (
    <section {...page.getChooseRegionProps()} className="panel pause__panel">
      <form {...page.getChooseFormProps()} className="pause__form" data-testid="pause-choose">
        <fieldset {...page.getChoicesProps()} className="pause__choices">
          <legend>
            <h2 {...page.getChooseTitleProps()}>{t('pause.choose.title')}</h2>
          </legend>
          {page.groups.map((group) => (
            <fieldset key={group.kind} {...page.getGroupProps(group.kind)} className="pause__group" data-testid={`pause-group-${group.kind}`}>
              <legend {...page.getGroupTitleProps(group.kind)} className="pause__group-title">
                {text(group.title)}
              </legend>
              <p {...page.getGroupHintProps(group.kind)} className="muted small">
                {text(group.hint)}
              </p>
              <div className="pause__options">
                {group.choices.map(({ choice, label }) => (
                  <label key={choice} {...page.getChoiceLabelProps(choice)} className="pause__option">
                    <input {...page.getChoiceProps(choice)} data-testid={`pause-choice-${choice}`} />
                    <span>{text(label)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
        {page.errors.choice && (
          <p key={page.shakes} {...page.getErrorProps('choice')} className="pause__error">
            {text(page.errors.choice)}
          </p>
        )}
        <button {...page.getContinueProps()} className="button" data-testid="pause-continue">
          {t('pause.continue')}
        </button>
      </form>
    </section>
  );
}
