import type { ComponentType } from 'react';
import { lazyPage } from '../../ui/lazyPage';

/** A view loaded with its first use, with its loading state where it will be (the one helper: src/ui/lazyPage.tsx). */
export const lazyView = <P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> => lazyPage(load, 'inline');
