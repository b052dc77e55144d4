import { msg } from '../../../core/message';
import { modalActor } from '../shell/app.flow';

/** the dynamic modal's name (src/features/shell/dynamic-modals.ts) */
export const NEWS_DIALOG = 'news';

let opened = 0;

/** Opens news and analysis. Tiny on purpose: the header imports only this; the dialog loads with the modal. */
export function openNews(): void {
  opened += 1;
  modalActor.send({ type: 'modal.open', request: { id: `news-${opened}`, kind: 'dynamic', name: NEWS_DIALOG, title: msg('nav.news'), props: {} } });
}
