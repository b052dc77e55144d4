import type { EventFrom, SnapshotFrom } from 'xstate';
import type { addressBookMachine } from '../../../machines/address-book/address-book.machine';
import { ADDRESS_BOOK_RULES } from '../../../core/address-book';
import type { WithdrawalMethod } from '../../../core/contract';
import type { SavedDestination } from '../../../core/contract/address-book';
import { needsWallet, WITHDRAWAL_METHOD_NAMES, WITHDRAWAL_METHODS } from '../../../core/withdrawal';
import { literal, msg, type Msg } from '../../../core/message';
import { formatDateTime } from '../shared/dates';
import { buttonProps, fieldProps, formProps, regionProps, statusProps, submitProps, titleProps } from '../shared/props';

type Snapshot = SnapshotFrom<typeof addressBookMachine>;
type Send = (event: EventFrom<typeof addressBookMachine>) => void;

/** the methods whose payouts go to a destination the trader gives (what can be saved), in the contract's order */
export const BOOK_METHODS = WITHDRAWAL_METHOD_NAMES.filter((m) => needsWallet(m));

/** a method as the trader reads it: a coin by its name and symbol, a fiat method by its words */
export function methodLabel(method: WithdrawalMethod): Msg {
  const rule = WITHDRAWAL_METHODS[method];
  return rule.coin ? literal(`${method.replace('_', ' ')} (${rule.coin})`) : msg(`withdrawal.method.${method}`);
}

/** whether a method's destination has a second field (Ripple's tag, Monero's payment id) */
export const hasTag = (method: WithdrawalMethod): boolean => 'alt' in WITHDRAWAL_METHODS[method];

export interface BookItem {
  id: string;
  label: string;
  method: WithdrawalMethod;
  wallet: string;
  alt: string;
  state: SavedDestination['state'];
  /** from when it can be used, in the trader's zone; null until confirmed */
  usableAt: string | null;
  removing: boolean;
  getRemoveProps: () => ReturnType<typeof buttonProps> & { 'aria-busy': true | undefined };
}

const text = (values: FormData, name: string): string => String(values.get(name) ?? '');

/**
 * The withdrawal address book (issue 31 §6) for its view on the security page: the saved
 * destinations with where each stands, Remove, the form to save one (its method chosen in the
 * view: whether it has a tag), "only to saved destinations" and when its switch-off takes effect,
 * and the answer to a change (it takes the focus once).
 */
export function connectAddressBook(s: Snapshot, send: Send) {
  const { book, busy, error, answers, saved, last } = s.context;
  const changing = busy !== null;
  const items: BookItem[] = (book?.destinations ?? []).map((d) => ({
    id: d.id,
    label: d.label,
    method: d.method,
    wallet: d.wallet,
    alt: d.alt,
    state: d.state,
    usableAt: d.usableAt ? formatDateTime(d.usableAt) : null,
    removing: busy === d.id,
    getRemoveProps: () => ({ ...buttonProps(() => send({ type: 'book.remove', id: d.id }), { disabled: changing }), 'aria-busy': busy === d.id || undefined }),
  }));
  const loadFailed = s.matches('loadFailed');
  return {
    loading: s.matches('loading'),
    loadFailed,
    error,
    retry: () => send({ type: 'retry' }),
    items,
    empty: s.matches('ready') && items.length === 0,
    /** the hold of a new destination, in hours (this server's setting) */
    holdHours: book ? Math.round((book.holdMinutes / 60) * 10) / 10 : null,
    labelMax: ADDRESS_BOOK_RULES.labelMax,
    methods: BOOK_METHODS,
    /** the form starts empty again after each destination saved */
    formKey: `book-${saved}`,
    getFormProps: (method: WithdrawalMethod) =>
      formProps({
        busy: busy === 'add',
        onSubmit: (values) => send({ type: 'book.add', method, wallet: text(values, 'book-wallet'), alt: hasTag(method) ? text(values, 'book-alt') : '', label: text(values, 'book-label') }),
      }),
    getFieldProps: (name: 'method' | 'wallet' | 'alt' | 'label', onValue?: (value: string) => void) =>
      fieldProps({ id: `book-${name}`, required: name !== 'alt', disabled: busy === 'add', onValue, invalid: name === 'label' && error?.key === 'address_book.label' }),
    getSubmitProps: () => submitProps({ busy: busy === 'add' }),
    saving: busy === 'add',
    savedOnly: book?.savedOnly ?? false,
    /** "only to saved" was switched off: it stays on until then */
    savedOnlyEndsAt: book?.savedOnlyEndsAt ? formatDateTime(book.savedOnlyEndsAt) : null,
    getSavedOnlyProps: () => ({
      type: 'checkbox' as const,
      id: 'book-saved-only',
      checked: (book?.savedOnly ?? false) && book?.savedOnlyEndsAt === null,
      disabled: changing || book === null || undefined,
      'aria-busy': busy === 'savedOnly' || undefined,
      onChange: (e: { target: { checked: boolean } }) => send({ type: 'book.savedOnly', on: e.target.checked }),
    }),
    /** the last change went through: which */
    done: s.matches({ ready: 'done' }) ? last : null,
    failed: s.matches({ ready: 'failed' }),
    getAnswerProps: () => statusProps({ role: s.matches({ ready: 'failed' }) ? 'alert' : 'status', focusOn: answers > 0 && !loadFailed ? `book-${answers}` : null }),
    getRegionProps: () => ({ ...regionProps('book-title'), 'aria-busy': s.matches('loading') || changing || undefined }),
    getTitleProps: () => titleProps('book-title'),
  };
}

export type AddressBookApi = ReturnType<typeof connectAddressBook>;

/**
 * The withdrawal form's offer of saved destinations (issue 31 §6): the usable ones of a method,
 * as a list its destination field suggests (a datalist: choosing one fills the field, typing
 * another stays possible unless "only to saved" is on, which the server enforces).
 */
export function savedDestinationOptions(s: Snapshot, method: string) {
  const usable = (s.context.book?.destinations ?? []).filter((d) => d.method === method && d.state === 'usable');
  const id = `saved-destinations-${method.replace(/\W+/g, '-')}`;
  return {
    options: usable.map((d) => ({ value: d.wallet, label: d.label })),
    /** spread on the destination field (none when nothing is saved for the method) */
    getListProps: () => (usable.length > 0 ? { list: id } : {}),
    getDatalistProps: () => ({ id }),
  };
}
