import type { ContentScreen } from '@engram/core';
import type { WritePrecheck } from '@engram/projections';
import type { AccessRecorder } from './access-recorder';
import type { QueryGate } from './access/query-gate';
import type { UserQuota } from './access/user-quota';
import type { TailHub } from './events/tail-hub';
import type { MemoryAppDeps } from './types';

/** What every handler gets: the injected ports plus the app's own shared state. */
export interface AppContext extends MemoryAppDeps {
  accesses: AccessRecorder;
  screen: ContentScreen;
  precheck: WritePrecheck;
  queryGate: QueryGate | null;
  quota: UserQuota | null;
  queryTextChars: number;
  /** The live tail every event stream of this app reads (one log subscription, started by the first stream). */
  tail: TailHub;
}
