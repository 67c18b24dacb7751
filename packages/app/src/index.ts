export * from './types';
export { createMemoryApp } from './app';
export { createContextRenderer, DEFAULT_CONTEXT_BUDGET_CHARS } from './read/context-renderer';
export { DEFAULT_WORKING_BUDGET_CHARS } from './queries/reads';
export { waitForPosition } from './position-wait';
export {
  batchInputOf,
  listInputOf,
  observeInputOf,
  patchInputOf,
  queryInputOf,
  scopeOf,
  writeInputOf,
  type Caller,
} from './request-inputs';
export {
  deadLettersInputOf,
  decayInputOf,
  erasuresInputOf,
  keyListInputOf,
  quarantineDecisionInputOf,
  quarantineListInputOf,
  sessionsInputOf,
  timelineInputOf,
} from './operator-inputs';
export { OPERATION_SCOPES, admit } from './access/operations';
export type { Operation, Admitted } from './access/operations';
export { createAccessControl, openAccess, principalOf } from './access/access-control';
export type {
  AccessControl,
  AccessControlOptions,
  AuthMode,
  Credentials,
  UnauthenticatedReason,
} from './access/access-control';
export { createKeyAdmin } from './access/key-admin';
export type { KeyAdmin, CreatedKey } from './access/key-admin';
export type { RateLimit } from './access/token-bucket';
export { boundQueryText } from './access/query-bounds';
export * from './mem0/mem0-memories';
export { decodeAddHandle, encodeAddHandle, type AddHandle } from './mem0/add-handle';
export { toWireEvent, type WireEvent } from './events/wire-event';
export { formatCursor, parseCursor, type StreamCursor } from './events/event-cursor';
export { EVENT_STREAM_CONSUMER } from './events/tail-hub';
