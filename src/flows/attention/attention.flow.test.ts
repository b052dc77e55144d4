// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toastActor } from '../shell/app.flow';
import { moneyBusy, moneyIdle, newVisit, requestToast } from './attention.flow';

const texts = () => toastActor.getSnapshot().context.toasts.map((t) => t.text);

beforeAll(() => {
  toastActor.start();
});

afterEach(() => {
  newVisit();
  for (const t of toastActor.getSnapshot().context.toasts) toastActor.send({ type: 'toast.dismiss', id: t.id });
});

describe('requestToast: a pushed toast goes through the arbiter', () => {
  it('shows at once when no money flow runs', () => {
    requestToast({ key: 'verification.approved' }, 'success');
    expect(texts()).toEqual([{ key: 'verification.approved' }]);
  });

  it('waits while a money flow runs, and shows when the last flow ends', () => {
    moneyBusy('card');
    moneyBusy('two-factor');
    requestToast({ key: 'verification.rejected' }, 'error');
    expect(texts()).toEqual([]);
    moneyIdle('card');
    expect(texts()).toEqual([]);
    moneyIdle('two-factor');
    expect(texts()).toEqual([{ key: 'verification.rejected' }]);
  });
});
