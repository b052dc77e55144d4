import type { ChangeEvent, FormEvent } from 'react';

/**
 * Prop getters, as in Zag.js: a flow's `connect` returns `getXProps()` functions that carry the
 * ids, `aria-*` attributes, handlers and focus intent of each part, and the view spreads them
 * (`<input {...card.getFieldProps('name')} />`). The view then holds no accessibility wiring of its
 * own: a renamed id, a forgotten `aria-invalid` or a lost focus is a change in one pure, tested
 * function. These are the parts every flow shares; a flow composes them in its connect file.
 *
 * Focus intent is data: a part that should take the focus when something happens (the status
 * after a form is sent, the result when it is done) carries `data-focus-on` with a key that changes
 * when it should; `src/ui/focus-intent.ts` (installed once at start) moves the focus there, with
 * the rules of a good form: never out of an open dialog, never from a control outside the part's
 * scope (`data-focus-scope`) that the trader went to.
 */

/** the id of the element that carries a field's message */
export const errorIdOf = (id: string): string => `${id}-error`;

export interface FieldState {
  /** the element id (and the `name` unless given) */
  id: string;
  name?: string;
  /** what the flow holds; omitted for an input whose value stays in the page (a card number, a password) */
  value?: string;
  /** the field's value is refused: `aria-invalid`, and its message is read with it */
  invalid?: boolean;
  /** ids of hints read with the field (besides its error message when invalid) */
  describedBy?: readonly string[];
  required?: boolean;
  disabled?: boolean;
  onValue?: (value: string) => void;
}

/** An input, select or textarea: id, name, value, `aria-invalid`, `aria-describedby`, the change handler. */
export function fieldProps({ id, name, value, invalid = false, describedBy = [], required, disabled, onValue }: FieldState) {
  const described = [...describedBy, ...(invalid ? [errorIdOf(id)] : [])];
  return {
    id,
    name: name ?? id,
    ...(value !== undefined && { value }),
    'aria-invalid': invalid || undefined,
    'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
    'aria-required': required || undefined,
    disabled: disabled || undefined,
    onChange: onValue ? (e: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => onValue(e.target.value) : undefined,
  };
}

/** The label of a field. */
export const labelProps = (id: string) => ({ htmlFor: id });

/** A field's message: found by the field's `aria-describedby`, announced when it appears. */
export const fieldErrorProps = (id: string) => ({ id: errorIdOf(id), role: 'alert' as const });

/** A form: busy while sent, no browser validation (the flow says what is wrong), submit as the form's values. */
export function formProps({ busy = false, onSubmit, scope }: { busy?: boolean; onSubmit: (values: FormData) => void; scope?: string }) {
  return {
    noValidate: true,
    'aria-busy': busy || undefined,
    'data-focus-scope': scope,
    onSubmit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      onSubmit(new FormData(e.currentTarget));
    },
  };
}

/** The button that sends a form: disabled while it is being sent. */
export const submitProps = ({ busy = false, disabled = false }: { busy?: boolean; disabled?: boolean } = {}) => ({
  type: 'submit' as const,
  disabled: busy || disabled || undefined,
  'aria-busy': busy || undefined,
});

/** A plain button that sends an event. */
export const buttonProps = (onClick: () => void, { disabled = false, pressed }: { disabled?: boolean; pressed?: boolean } = {}) => ({
  type: 'button' as const,
  onClick,
  disabled: disabled || undefined,
  'aria-pressed': pressed,
});

/** A region named by its heading, and the heading. */
export const regionProps = (titleId: string) => ({ 'aria-labelledby': titleId });
export const titleProps = (titleId: string) => ({ id: titleId });

/**
 * A live part that shows a state (sending, the result, an error): announced politely (or at once
 * for an `alert`), focusable by script, and taking the focus when `focusOn` changes to a new key
 * (null: no intent).
 */
export const statusProps = ({ focusOn = null, role = 'status', scope }: { focusOn?: string | null; role?: 'status' | 'alert'; scope?: string } = {}) => ({
  role,
  tabIndex: -1,
  'data-focus-on': focusOn ?? undefined,
  'data-focus-in': scope,
});
