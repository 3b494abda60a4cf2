export type { Balancer, ServerState } from './balancer.js';
export {
  builtEntry,
  DEPLOYABLES,
  type Deployable,
  type DeployableName,
  isWritten,
  ROOT,
  sourceEntry,
} from './deployables.js';
export { BALANCER_RETRY_AFTER_SECONDS, READINESS_PROBE } from './haproxy-config.js';
export type { InProcess, InProcessOptions } from './in-process.js';
export { DeployableProcess, type DeployableProcessOptions, type ProcessRun } from './processes.js';
export { type Replica, type Stack, type StackOptions, startStack } from './stack.js';
