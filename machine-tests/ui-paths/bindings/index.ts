import type { UiBinding } from '../types';
import { loginBinding } from './login';

/** Every UI binding `npm run test:ui-paths` runs, in this order (one line each). */
export const bindings: UiBinding[] = [loginBinding];
