import type { AppDeps } from '../deps';

/** What the sandbox's own routes (consoles, controls, the testers' calls) get from the composition root. */
export type SandboxDeps = AppDeps;
