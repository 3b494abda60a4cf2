import {
  type Attributes,
  context,
  isSpanContextValid,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

export { SpanKind } from '@opentelemetry/api';

/** The W3C header (and message header, and outbox column) that carries a trace across processes. */
export const TRACEPARENT_HEADER = 'traceparent';

// Set once by startTracing: with tracing off every helper here returns at this check, so the hot paths pay a branch.
let enabled = false;

export function tracingEnabled(): boolean {
  return enabled;
}

/** For startTracing (and its tests) only. */
export function setTracingEnabled(value: boolean): void {
  enabled = value;
}

const tracer = () => trace.getTracer('@mathgames/platform');
/** What inSpan hands its work while tracing is off: one shared span that records nothing. */
const NOT_RECORDING = trace.wrapSpanContext({
  traceId: '0'.repeat(32),
  spanId: '0'.repeat(16),
  traceFlags: 0,
});

/** The current span's context as a `traceparent` value (null when tracing is off or nothing is sampled). */
export function currentTraceparent(): string | null {
  if (!enabled) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier[TRACEPARENT_HEADER] ?? null;
}

/** The trace id log lines carry, when a sampled span is active. */
export function currentTraceId(): string | undefined {
  if (!enabled) return undefined;
  const spanContext = trace.getActiveSpan()?.spanContext();
  return spanContext && isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
}

export interface SpanOptions {
  kind: SpanKind;
  /** A `traceparent` read from a message or an outbox row: the span continues that trace. */
  parent?: string | null | undefined;
  /** Never personal data: ids of rows and events, queue names, counts. */
  attributes?: Attributes;
}

/**
 * Runs fn inside a span (ended when fn settles, marked as an error if it throws). With tracing off it only calls
 * fn, with a span that records nothing.
 */
export function inSpan<T>(name: string, options: SpanOptions, fn: (span: Span) => Promise<T>): Promise<T> {
  if (!enabled) return fn(NOT_RECORDING);
  const parentContext =
    options.parent != null
      ? propagation.extract(ROOT_CONTEXT, { [TRACEPARENT_HEADER]: options.parent })
      : context.active();
  return tracer().startActiveSpan(
    name,
    { kind: options.kind, ...(options.attributes ? { attributes: options.attributes } : {}) },
    parentContext,
    async (span) => {
      try {
        return await fn(span);
      } catch (err) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error)?.name ?? 'Error' });
        throw err;
      } finally {
        span.end();
      }
    },
  );
}

/** Adds the current trace context to a message's headers (AMQP headers, BullMQ job options). */
export function injectTraceContext(headers: Record<string, unknown>): void {
  if (!enabled) return;
  propagation.inject(context.active(), headers);
}
