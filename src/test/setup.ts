import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installFocusIntent } from '../ui/focus-intent';

// as src/main.tsx does: the flows' getters ask for the focus as data (data-focus-on)
installFocusIntent();

afterEach(() => cleanup());
