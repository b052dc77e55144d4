export type { MachineModel, MachineReport, PathSetName, TestPath, PathStep } from './types';
export { runMachine, isGreen, DEFAULT_SETS, type RunOptions } from './run';
export { formatTable, formatProblems, toCoverageFile, type CoverageFile } from './report';
export { inventory, transitionId } from './inventory';
export { eventSource } from './events';
export { traverse } from './traversal';
export { generatePaths } from './paths';
export { replayPath, compareSnapshot } from './replay';
export { describePath } from './describe';
