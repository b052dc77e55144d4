/** The explorer's own machines (registered in machines/index.ts). */
export { explorerMachine } from './explorer.machine';
export { stepMachine } from './step.machine';
export { liveMachine } from './live.machine';
export { funnelMachine } from './funnel.machine';
