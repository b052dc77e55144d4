/** The explorer's test models (registered in machine-tests/models/index.ts). */
export { explorerModel } from './explorer.model';
export { explorerStepModel } from './explorer-step.model';
export { explorerLiveModel } from './explorer-live.model';
