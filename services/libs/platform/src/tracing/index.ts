export { TRACES_SAMPLERS } from './sampler.js';
export { type StartTracingOptions, startTracing, type Tracing, tracingRequested } from './start-tracing.js';
