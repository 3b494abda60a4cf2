import type { Sampler } from '@opentelemetry/sdk-trace';

type SamplerKit = Pick<
  typeof import('@opentelemetry/sdk-trace'),
  'AlwaysOnSampler' | 'AlwaysOffSampler' | 'TraceIdRatioBasedSampler' | 'ParentBasedSampler'
>;

/** The values of OTEL_TRACES_SAMPLER this product understands. */
export const TRACES_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/**
 * The sampler the standard variables name: OTEL_TRACES_SAMPLER (default parentbased_always_on) and, for the ratio
 * samplers, OTEL_TRACES_SAMPLER_ARG (0..1, default 1). Parent-based samplers follow the gateway's decision, so a
 * trace is kept or dropped whole.
 */
export function samplerFromEnv(env: NodeJS.ProcessEnv, kit: SamplerKit): Sampler {
  const name = (env.OTEL_TRACES_SAMPLER || 'parentbased_always_on').trim().toLowerCase();
  const arg = Number(env.OTEL_TRACES_SAMPLER_ARG ?? '1');
  const ratio = Number.isFinite(arg) && arg >= 0 && arg <= 1 ? arg : 1;
  switch (name) {
    case 'always_on':
      return new kit.AlwaysOnSampler();
    case 'always_off':
      return new kit.AlwaysOffSampler();
    case 'traceidratio':
      return new kit.TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_on':
      return new kit.ParentBasedSampler({ root: new kit.AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new kit.ParentBasedSampler({ root: new kit.AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new kit.ParentBasedSampler({ root: new kit.TraceIdRatioBasedSampler(ratio) });
    default:
      throw new Error(
        `OTEL_TRACES_SAMPLER=${name} is not supported: use one of ${TRACES_SAMPLERS.join(', ')}`,
      );
  }
}
