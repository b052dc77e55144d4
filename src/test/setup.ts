import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { russianReady } from '../i18n';
import { installFocusIntent } from '../ui/focus-intent';

// as src/main.tsx does: the flows' getters ask for the focus as data (data-focus-on)
installFocusIntent();

// the areas' Russian texts come in chunks of their own (src/i18n withRussian): in before each test
beforeEach(() => russianReady());

afterEach(() => cleanup());
