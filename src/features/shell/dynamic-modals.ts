import type { ComponentType } from 'react';

/** Dynamic modals by name (add-account, bitcoin explanation, …); each area registers its own. */
export type DynamicModalView = ComponentType<Record<string, unknown> & { onClose: () => void }>;
export const dynamicModals: Record<string, DynamicModalView> = {};
