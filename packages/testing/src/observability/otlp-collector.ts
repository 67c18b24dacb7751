/**
 * An OTLP/HTTP trace receiver on loopback, decoding what an OpenTelemetry exporter sends
 * (protobuf, the default, or JSON) with protobufjs and the OTLP trace message layout (the fields
 * the tests read; others are skipped as unknown fields, as protobuf readers do).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import protobuf from 'protobufjs';

const OTLP_TRACE_PROTO = `
syntax = "proto3";
package opentelemetry.proto;
message ExportTraceServiceRequest { repeated ResourceSpans resource_spans = 1; }
message ResourceSpans { Resource resource = 1; repeated ScopeSpans scope_spans = 2; }
message Resource { repeated KeyValue attributes = 1; }
message ScopeSpans { repeated Span spans = 2; }
message Span {
  bytes trace_id = 1;
  bytes span_id = 2;
  bytes parent_span_id = 4;
  string name = 5;
  int32 kind = 6;
  repeated KeyValue attributes = 9;
  repeated Link links = 13;
  Status status = 15;
}
message Link { bytes trace_id = 1; bytes span_id = 2; }
message Status { string message = 2; int32 code = 3; }
message KeyValue { string key = 1; AnyValue value = 2; }
message AnyValue {
  oneof value {
    string string_value = 1;
    bool bool_value = 2;
    int64 int_value = 3;
    double double_value = 4;
    ArrayValue array_value = 5;
  }
}
message ArrayValue { repeated AnyValue values = 1; }
`;

const Request = protobuf.parse(OTLP_TRACE_PROTO).root.lookupType('opentelemetry.proto.ExportTraceServiceRequest');

/** OTLP span kinds: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  /** '' for a root span. */
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
  links: Array<{ traceId: string; spanId: string }>;
  /** 2 = error. */
  statusCode: number;
}

export interface OtlpCollector {
  /** Base URL: pass as OTEL_EXPORTER_OTLP_ENDPOINT (the exporter posts to /v1/traces). */
  url: string;
  spans: CollectedSpan[];
  close(): Promise<void>;
}

type Any = {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number;
  doubleValue?: number;
  arrayValue?: { values?: Any[] };
};
const valueOf = (v: Any | undefined): unknown =>
  v?.arrayValue
    ? (v.arrayValue.values ?? []).map(valueOf)
    : (v?.stringValue ?? v?.boolValue ?? v?.intValue ?? v?.doubleValue);
const attrs = (kvs: Array<{ key: string; value?: Any }> | undefined) =>
  Object.fromEntries((kvs ?? []).map((kv) => [kv.key, valueOf(kv.value)]));
// protobuf bytes arrive as base64 strings (toObject with bytes: String); OTLP JSON uses hex already.
const hexOf = (b: unknown, json: boolean): string =>
  typeof b !== 'string' || b === '' ? '' : json ? b.toLowerCase() : Buffer.from(b, 'base64').toString('hex');

function spansOf(body: any, json: boolean): CollectedSpan[] {
  const out: CollectedSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const service = String(attrs(rs.resource?.attributes)['service.name'] ?? '');
    for (const ss of rs.scopeSpans ?? [])
      for (const s of ss.spans ?? [])
        out.push({
          service,
          traceId: hexOf(s.traceId, json),
          spanId: hexOf(s.spanId, json),
          parentSpanId: hexOf(s.parentSpanId, json),
          name: s.name,
          kind: Number(s.kind ?? 0),
          attributes: attrs(s.attributes),
          links: (s.links ?? []).map((l: any) => ({ traceId: hexOf(l.traceId, json), spanId: hexOf(l.spanId, json) })),
          statusCode: Number(s.status?.code ?? 0),
        });
  }
  return out;
}

export async function startOtlpCollector(): Promise<OtlpCollector> {
  const spans: CollectedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        res.writeHead(404).end();
        return;
      }
      const raw = Buffer.concat(chunks);
      const json = (req.headers['content-type'] ?? '').startsWith('application/json');
      try {
        const body = json
          ? JSON.parse(raw.toString('utf8'))
          : Request.toObject(Request.decode(raw), { longs: Number, bytes: String, defaults: false, oneofs: false });
        spans.push(...spansOf(body, json));
        res.writeHead(200, { 'content-type': json ? 'application/json' : 'application/x-protobuf' });
        res.end(json ? '{}' : Buffer.alloc(0));
      } catch (err) {
        res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
