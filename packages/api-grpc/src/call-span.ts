import { isTraceparent, type Span, type Tracer } from '@engram/core';
import type * as grpc from '@grpc/grpc-js';

/** gen_ai.operation.name of the memory methods (OTel GenAI memory conventions), as on HTTP. */
const MEMORY_OPERATIONS: Readonly<Record<string, string>> = {
  Write: 'create_memory',
  WriteBatch: 'create_memory',
  Observe: 'create_memory',
  PatchMemory: 'update_memory',
  Pin: 'update_memory',
  Unpin: 'update_memory',
  Restore: 'update_memory',
  Forget: 'delete_memory',
  Query: 'search_memory',
  Context: 'search_memory',
};

/** The server span of one call (issue 19), continuing a `traceparent` sent in the call's metadata. */
export function callSpan(tracer: Tracer, method: string, metadata: grpc.Metadata): Span {
  const tp = metadata.get('traceparent')[0];
  const op = MEMORY_OPERATIONS[method];
  return tracer.startSpan(`engram.v1.Engram/${method}`, {
    kind: 'server',
    ...(typeof tp === 'string' && isTraceparent(tp) ? { parent: tp } : {}),
    attributes: {
      'rpc.system': 'grpc',
      'rpc.service': 'engram.v1.Engram',
      'rpc.method': method,
      ...(op ? { 'gen_ai.operation.name': op } : {}),
    },
  });
}
