export {
  builtEntry,
  DEPLOYABLES,
  type Deployable,
  type DeployableName,
  isWritten,
  ROOT,
  sourceEntry,
} from './deployables.js';
export type { InProcess, InProcessOptions } from './in-process.js';
export { DeployableProcess, type DeployableProcessOptions, type ProcessRun } from './processes.js';
export { type Stack, type StackOptions, startStack } from './stack.js';
