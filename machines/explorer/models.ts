/** The explorer's test models (registered in machines/models.ts). */
export { explorerModel } from './explorer.model';
export { explorerStepModel } from './step.model';
export { explorerLiveModel } from './live.model';
export { explorerFunnelModel } from './funnel.model';
