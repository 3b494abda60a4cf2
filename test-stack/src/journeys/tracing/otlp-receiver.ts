import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One span as a collector received it, with the service (process) that sent it. */
export interface ReceivedSpan {
  service: string;
  instance: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  attributes: Record<string, unknown>;
}

export interface OtlpReceiver {
  /** What the deployables get as OTEL_EXPORTER_OTLP_ENDPOINT (with the JSON protocol). */
  env: Record<string, string>;
  spans: ReceivedSpan[];
  trace(traceId: string): ReceivedSpan[];
  close(): Promise<void>;
}

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
  arrayValue?: { values?: OtlpValue[] };
};
type OtlpAttribute = { key: string; value?: OtlpValue };

function attributeValue(value: OtlpValue | undefined): unknown {
  if (!value) return undefined;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(attributeValue);
  return undefined;
}

function attributesOf(list: OtlpAttribute[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((a) => [a.key, attributeValue(a.value)]));
}

/**
 * A stand-in for an OpenTelemetry collector: accepts OTLP/HTTP JSON on /v1/traces from every process of the stack,
 * so a test sees one trace as the processes exported it, over the wire an operator's collector would use.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        for (const resourceSpans of body.resourceSpans ?? []) {
          const resource = attributesOf(resourceSpans.resource?.attributes);
          for (const scope of resourceSpans.scopeSpans ?? []) {
            for (const span of scope.spans ?? []) {
              spans.push({
                service: String(resource['service.name']),
                instance: String(resource['service.instance.id']),
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId ?? '',
                name: span.name,
                kind: span.kind,
                startNs: BigInt(span.startTimeUnixNano ?? 0),
                attributes: attributesOf(span.attributes),
              });
            }
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '200',
    },
    spans,
    trace: (traceId) => spans.filter((s) => s.traceId === traceId),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The trace as an indented tree: `service  span name  [key attributes]`, children under their parent. */
export function printTrace(spans: readonly ReceivedSpan[]): string {
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string, ReceivedSpan[]>();
  for (const span of spans) {
    const parent = ids.has(span.parentSpanId) ? span.parentSpanId : '';
    children.set(parent, [...(children.get(parent) ?? []), span]);
  }
  const lines: string[] = [];
  const walk = (parent: string, depth: number) => {
    const list = (children.get(parent) ?? []).sort((a, b) => (a.startNs < b.startNs ? -1 : 1));
    for (const span of list) {
      const outcome = span.attributes['mathgames.event.outcome'];
      const redelivered = span.attributes['messaging.rabbitmq.redelivered'];
      const note = outcome ? ` [${outcome}${redelivered ? ', redelivered' : ''}]` : '';
      lines.push(`${'  '.repeat(depth)}${span.service.padEnd(18)} ${span.name}${note}`);
      walk(span.spanId, depth + 1);
    }
  };
  walk('', 0);
  return lines.join('\n');
}
