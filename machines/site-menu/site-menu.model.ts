import type { MachineModel } from '../../machine-kit/types';
import { siteMenuMachine } from './site-menu.machine';

/** The mobile menu: open, closed by the toggle or by a link / Escape. */
export const siteMenuModel: MachineModel = { machine: siteMenuMachine };
