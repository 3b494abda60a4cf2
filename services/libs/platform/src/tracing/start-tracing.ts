import { hostname } from 'node:os';
import type { SpanExporter } from '@opentelemetry/sdk-trace';
import { samplerFromEnv } from './sampler.js';
import { scrubAttributes } from './scrub.js';
import { setTracingEnabled } from './trace-context.js';

export interface Tracing {
  enabled: boolean;
  /** Flushes what is buffered and stops (a deployable's last shutdown step). */
  shutdown(): Promise<void>;
}

export interface StartTracingOptions {
  env?: NodeJS.ProcessEnv;
  /** Tests: export here (synchronously, every span) instead of OTLP; turns tracing on without an endpoint. */
  exporter?: SpanExporter;
}

const OFF: Tracing = { enabled: false, shutdown: async () => {} };

/** Whether the standard variables ask for traces: an OTLP endpoint is set and the SDK is not disabled. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/**
 * Turns tracing on for this process when an OTLP endpoint is configured, and does nothing (loads nothing) when
 * not. Call it first, before the deployable's own modules are imported: the library instrumentations (http,
 * express, pg, ioredis) patch those modules as they load.
 */
export async function startTracing(serviceName: string, options: StartTracingOptions = {}): Promise<Tracing> {
  const env = options.env ?? process.env;
  if (!options.exporter && !tracingRequested(env)) return OFF;

  const { register: registerImportHooks } = await import('import-in-the-middle/register-hooks.mjs');
  // ESM imports of these are patched through the loader hook; the rest come through require.
  registerImportHooks({ include: ['http', 'https', 'node:http', 'node:https', 'express', 'ioredis'] });

  const [api, core, asyncHooks, sdk, resources, instrumentation, http, express, pg, ioredis] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/core'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-express'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);

  const exporter = options.exporter ?? (await otlpExporter(env));
  const inner = options.exporter
    ? new sdk.SimpleSpanProcessor({ exporter })
    : new sdk.BatchSpanProcessor({ exporter });
  const provider = new sdk.TracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || serviceName,
      'service.namespace': 'mathgames',
      'service.instance.id': `${hostname()}:${process.pid}`,
    }),
    sampler: samplerFromEnv(env, sdk),
    spanProcessors: [
      {
        onStart: (span, parent) => inner.onStart(span, parent),
        // Personal data never leaves the process: attributes are scrubbed before any exporter sees the span.
        onEnd: (span) => {
          scrubAttributes(span.attributes as Record<string, unknown>);
          inner.onEnd(span);
        },
        forceFlush: () => inner.forceFlush(),
        shutdown: () => inner.shutdown(),
      },
    ],
  });
  api.context.setGlobalContextManager(new asyncHooks.AsyncLocalStorageContextManager().enable());
  // Trace context only: no baggage, so nothing a client sends rides along into every service.
  api.propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  const operational = /^\/(healthz|readyz|metrics)(\?|$)/;
  const unload = instrumentation.registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new http.HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => operational.test(req.url ?? ''),
        // Exporters and probes talk HTTP too; only calls made while serving something are traced.
        requireParentforOutgoingSpans: true,
        headersToSpanAttributes: { client: { requestHeaders: [], responseHeaders: [] } },
      }),
      new express.ExpressInstrumentation(),
      // Statement texts with $n placeholders only; never the values.
      new pg.PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command only: keys hold session ids and class codes.
      new ioredis.IORedisInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: (command) => command,
      }),
    ],
  });
  setTracingEnabled(true);
  return {
    enabled: true,
    async shutdown() {
      setTracingEnabled(false);
      await provider.shutdown().catch(() => {});
      unload();
      api.trace.disable();
      api.propagation.disable();
      api.context.disable();
    },
  };
}

async function otlpExporter(env: NodeJS.ProcessEnv): Promise<SpanExporter> {
  const protocol =
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf';
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  if (protocol === 'http/protobuf') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
    return new OTLPTraceExporter();
  }
  throw new Error(
    `OTEL_EXPORTER_OTLP_PROTOCOL=${protocol} is not supported here: use http/protobuf (default) or http/json`,
  );
}
