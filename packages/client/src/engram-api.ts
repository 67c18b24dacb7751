/* Generated from Engram's OpenAPI document by openapi-typescript: do not edit.
 * Regenerate with `npm run generate -w @engram/client` (the client's tests fail while it is stale). */
export interface paths {
    "/v1/users/{userId}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s memories page by page (newest first), filtered by tier, type, tags, key prefix and last update; cursors stay valid while writes go on */
        get: operations["listMemories"];
        put?: never;
        post?: never;
        /** Forget everything of a user */
        delete: operations["forgetUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One memory entry of the caller */
        get: operations["getMemory"];
        put?: never;
        post?: never;
        /** Forget one memory entry (MemoryForgotten, cascades through every read model) */
        delete: operations["forgetMemory"];
        options?: never;
        head?: never;
        /** Change an entry (content, tags, importance, pinned, metadata): its next version, written through the guard and the scanner like a write */
        patch: operations["patchMemory"];
        trace?: never;
    };
    "/v1/memories/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Several writes of one user in one durable append; each item is checked, scanned and guarded as a single write and answered on its own */
        post: operations["writeMemories"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every event of the user’s stream, streamed as JSON Lines in log order (the `engram export` format), while the service runs */
        get: operations["exportUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The users of the tenant that hold anything (memories, messages, sessions), by id, page by page */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** engram stats while the service runs: the tenant’s (or one user’s) entries per tier and rows per table, the log, each projection’s checkpoint and lag */
        get: operations["stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/users/{userId}/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A user’s sessions, newest first by start, page by page */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One session: its messages in log order, the episodes consolidated from it and the entries extracted from them, with lineage */
        get: operations["sessionTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}/decay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An entry’s forgetting curve (D1) from its last touch, with the deployment’s half-life and archive threshold */
        get: operations["decayCurve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/erasures": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The tenant’s erasure reports (B2), newest first; one user’s with userId */
        get: operations["listErasures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-Sent Events of the tenant’s (or a user’s) events within the key’s reach (read scope), from now, from a position or after a Last-Event-ID, then live */
        get: operations["streamEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record one conversation message (MessageObserved) */
        post: operations["observeMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Write a memory entry (MemoryWritten), provenance-guarded and deduplicated by key */
        post: operations["writeMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End a session (SessionEnded, triggers consolidation) */
        post: operations["endSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hybrid search over the caller’s memories and history */
        post: operations["query"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render prompt context (core snapshot, known facts, history, conversation) under a budget */
        post: operations["context"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Versions and lifecycle of one memory entry */
        get: operations["memoryHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{key}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which entry held a key when, and what superseded what */
        get: operations["keyHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/keys/{key}/memories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Forget every entry that held a key (its versions, rejected attempts, held writes and what was derived from them), as the user's erasure does for one key */
        delete: operations["forgetKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/erasures/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The report of an erasure (B2): pending, completed or failed, with counts per place and no erased content */
        get: operations["getErasure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pin an entry (always in the core snapshot, never decays) */
        post: operations["pinMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}/unpin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unpin an entry */
        post: operations["unpinMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/memories/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move an ARCHIVAL entry back to SEMANTIC */
        post: operations["restoreMemory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/sessions/{sessionId}/working-memory": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session’s working memory as markdown for a system prompt */
        get: operations["workingMemory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contradictions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Contradictions of the caller (open ones by default) */
        get: operations["listContradictions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/contradictions/{id}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Settle a pending contradiction (the loser is superseded) */
        post: operations["resolveContradiction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/events/{eventId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Write status of an acknowledged event: pending, applied (with the memory id) or rejected (with the code and reason) */
        get: operations["eventStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events a projection could not apply after bounded retries and parked (L8), with the error; paged by id */
        get: operations["listDeadLetters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/dead-letters/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark dead letters for retry (after a fix): their projections apply them again within seconds */
        post: operations["retryDeadLetters"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/consolidate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Manually trigger consolidation of a session or of every open session of a user */
        post: operations["consolidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/quarantine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Writes the content scanner held for an operator (policy quarantine), oldest first */
        get: operations["listQuarantine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/quarantine/{id}/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Release a held write: its event is appended as it would have been (QuarantineResolved released) */
        post: operations["releaseQuarantined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/admin/quarantine/{id}/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Discard a held write (QuarantineResolved discarded) */
        post: operations["discardQuarantined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up */
        get: operations["healthz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Ready: the log takes appends, the read store answers, no projection is stuck or rebuilding (the body says which component is not, and why) */
        get: operations["readyz"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This OpenAPI 3.1 document */
        get: operations["openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            error: {
                /** @description stable error code (EngramError.code) */
                code: string;
                message: string;
                retriable: boolean;
                details?: {
                    [key: string]: unknown;
                };
            };
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listMemories: {
        parameters: {
            query?: {
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description only these tiers (repeat for several); omitted = every tier */
                tier?: ("WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL") | ("WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL")[];
                /** @description only these types (repeat for several) */
                type?: ("USER" | "ENVIRONMENT") | ("USER" | "ENVIRONMENT")[];
                /** @description only entries carrying every one of these tags (repeat for several) */
                tag?: string | string[];
                /** @description only entries whose key starts with this */
                keyPrefix?: string;
                /** @description only entries changed (written, superseded, pinned, archived…) at or after this time */
                updatedSince?: string;
                /** @description page size, 1–500 (default 50) */
                limit?: string;
                /** @description nextCursor of the previous page (with the same filters and order) */
                cursor?: string;
                /** @description desc: newest first (default); asc: oldest first */
                order?: "desc" | "asc";
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description user */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one page; nextCursor is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        memories: {
                            id: string;
                            tenantId: string;
                            userId: string;
                            agentId: string | null;
                            /** @enum {unknown} */
                            type: "USER" | "ENVIRONMENT";
                            /** @enum {unknown} */
                            tier: "WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL";
                            kind: string;
                            key: string | null;
                            content: string;
                            tags: string[];
                            sessionId: string | null;
                            createdAt: string;
                            updatedAt: string;
                            importance: number;
                            effectiveImportance: number;
                            accessCount: number;
                            lastAccessed: string | null;
                            episodeId: string | null;
                            version: number;
                            supersededBy: string | null;
                            /** @enum {unknown} */
                            source: "user_stated" | "consolidated" | "model_inferred" | "legacy";
                            pinned: boolean;
                            scope: string | null;
                            confidence: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            sourceMessageIds: string[];
                            validFrom: string | null;
                            validTo: string | null;
                            /** @description B3 record time: when Engram recorded it */
                            recordedAt: string;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forgetUser: {
        parameters: {
            query?: {
                /** @description agent making the request (audited) */
                agentId?: string;
                reason?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description user whose memory is erased */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description erasure requested: the report (GET /v1/erasures/{erasureId}) completes once every store has erased it */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        /**
                         * Format: uuid
                         * @description the erasure this request starts: GET /v1/erasures/{erasureId} for its report
                         */
                        erasureId: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getMemory: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        tenantId: string;
                        userId: string;
                        agentId: string | null;
                        /** @enum {unknown} */
                        type: "USER" | "ENVIRONMENT";
                        /** @enum {unknown} */
                        tier: "WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL";
                        kind: string;
                        key: string | null;
                        content: string;
                        tags: string[];
                        sessionId: string | null;
                        createdAt: string;
                        updatedAt: string;
                        importance: number;
                        effectiveImportance: number;
                        accessCount: number;
                        lastAccessed: string | null;
                        episodeId: string | null;
                        version: number;
                        supersededBy: string | null;
                        /** @enum {unknown} */
                        source: "user_stated" | "consolidated" | "model_inferred" | "legacy";
                        pinned: boolean;
                        scope: string | null;
                        confidence: number;
                        metadata: {
                            [key: string]: unknown;
                        };
                        sourceMessageIds: string[];
                        validFrom: string | null;
                        validTo: string | null;
                        /** @description B3 record time: when Engram recorded it */
                        recordedAt: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forgetMemory: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
                reason?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description erasure requested: the report (GET /v1/erasures/{erasureId}) completes once every store has erased it */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        /**
                         * Format: uuid
                         * @description the erasure this request starts: GET /v1/erasures/{erasureId} for its report
                         */
                        erasureId: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = every agent of the user */
                    agentId?: string;
                    /** @description not blank; at most limits.maxContentBytes of UTF-8 (default 32 KB) */
                    content?: string;
                    tags?: string[];
                    /** @description base importance (M1) */
                    importance?: number;
                    pinned?: boolean;
                    /** @description replaces the metadata */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /** @description wait until the read side has applied this position (e.g. the write’s) first */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description the new version appended (deduplicated: nothing changed, nothing appended) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        eventId: string | null;
                        position: string | null;
                        /** @description true when an identical entry already held the key (nothing appended) */
                        deduplicated: boolean;
                        quarantineId?: string | null;
                        /**
                         * Format: uuid
                         * @description the patched entry, now superseded by id (id equals it when nothing changed)
                         */
                        previousId: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    writeMemories: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description the writes, each as POST /v1/memories takes it (without userId / agentId) */
                    items: {
                        /** @enum {unknown} */
                        type: "USER" | "ENVIRONMENT";
                        key?: string;
                        /** @description not blank; at most limits.maxContentBytes of UTF-8 (default 32 KB) */
                        content: string;
                        tags?: string[];
                        /**
                         * @description base importance (M1)
                         * @default 0.5
                         */
                        importance?: number;
                        pinned?: boolean;
                        /**
                         * @description provenance (P1). Claiming user_stated needs the write:user_stated scope (else 403 PROVENANCE_NOT_ALLOWED). Omitted: user_stated when the key holds write:user_stated (or auth is off), else model_inferred
                         * @enum {unknown}
                         */
                        source?: "user_stated" | "consolidated" | "model_inferred" | "legacy";
                        /** @description session the memory came from; required for tier WORKING */
                        sessionId?: string;
                        /** @description JSON object, at most 16 KB, nested at most 16 deep */
                        metadata?: {
                            [key: string]: unknown;
                        };
                        /**
                         * @default SEMANTIC
                         * @enum {unknown}
                         */
                        tier?: "SEMANTIC" | "WORKING";
                        /**
                         * Format: date-time
                         * @description when the fact became true (valid time; default: the write time)
                         */
                        validFrom?: string;
                        /**
                         * Format: date-time
                         * @description when the fact stopped being true (valid time); a value already over is kept as history and replaces nothing
                         */
                        validTo?: string;
                        /** @description soft scope tag (e.g. a project); queries can filter on it */
                        scope?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description one result per item (ok with the write answer, or the error that refused it) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            /** @description the item’s place in the request */
                            index: number;
                            ok: boolean;
                            result?: {
                                /** Format: uuid */
                                id: string;
                                eventId: string | null;
                                position: string | null;
                                /** @description true when an identical entry already held the key (nothing appended) */
                                deduplicated: boolean;
                                quarantineId?: string | null;
                            };
                            error?: {
                                /** @description stable error code (EngramError.code) */
                                code: string;
                                message: string;
                                retriable: boolean;
                                details?: {
                                    [key: string]: unknown;
                                };
                            };
                        }[];
                        position: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description user */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON Lines */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description page size, 1–1000 (default 100) */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one page; nextCursor is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            userId: string;
                            /** @description current (SEMANTIC) memories */
                            memories: number;
                            messages: number;
                            sessions: number;
                            lastActivityAt: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stats: {
        parameters: {
            query?: {
                /** @description only this user’s counts */
                userId?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tenantId: string;
                        userId: string | null;
                        log: {
                            /** @description events in the log, every tenant’s */
                            events: number;
                            head: {
                                [key: string]: number;
                            };
                        };
                        tiers: {
                            [key: string]: number;
                        };
                        tables: {
                            [key: string]: number;
                        };
                        projections: {
                            projection: string;
                            checkpoint: {
                                [key: string]: number;
                            };
                            lag: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSessions: {
        parameters: {
            query?: {
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description page size, 1–500 (default 50) */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description user */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one page; nextCursor is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: {
                            sessionId: string;
                            agentId: string | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            lastActivityAt: string;
                            endedAt: string | null;
                            endReason: string | null;
                            messageCount: number;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    sessionTimeline: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description session id */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the timeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        session: {
                            sessionId: string;
                            agentId: string | null;
                            /** Format: date-time */
                            startedAt: string;
                            /** Format: date-time */
                            lastActivityAt: string;
                            endedAt: string | null;
                            endReason: string | null;
                            messageCount: number;
                        };
                        /** @description the session’s ledger in log order (at most 1000) */
                        messages: {
                            /**
                             * Format: uuid
                             * @description the MessageObserved event
                             */
                            eventId: string;
                            messageId: string;
                            role: string;
                            content: string;
                            /** Format: date-time */
                            at: string;
                            /** @description log offset: the ledger order */
                            seq: number;
                        }[];
                        episodes: {
                            id: string;
                            summary: string;
                            entityIds: string[];
                            importance: number;
                            /** @description messageId of each message it was consolidated from */
                            sourceMessageIds: string[];
                            startedAt: string | null;
                            endedAt: string | null;
                            /** Format: date-time */
                            createdAt: string;
                        }[];
                        /** @description entries written in the session or extracted from its episodes, oldest first; sourceMessageIds and episodeId give their lineage */
                        memories: {
                            id: string;
                            tenantId: string;
                            userId: string;
                            agentId: string | null;
                            /** @enum {unknown} */
                            type: "USER" | "ENVIRONMENT";
                            /** @enum {unknown} */
                            tier: "WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL";
                            kind: string;
                            key: string | null;
                            content: string;
                            tags: string[];
                            sessionId: string | null;
                            createdAt: string;
                            updatedAt: string;
                            importance: number;
                            effectiveImportance: number;
                            accessCount: number;
                            lastAccessed: string | null;
                            episodeId: string | null;
                            version: number;
                            supersededBy: string | null;
                            /** @enum {unknown} */
                            source: "user_stated" | "consolidated" | "model_inferred" | "legacy";
                            pinned: boolean;
                            scope: string | null;
                            confidence: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            sourceMessageIds: string[];
                            validFrom: string | null;
                            validTo: string | null;
                            /** @description B3 record time: when Engram recorded it */
                            recordedAt: string;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    decayCurve: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description how far past now the curve runs, in days, 1–3650 (default: until it crosses the archive threshold, at most 365) */
                days?: string;
                /** @description samples on the curve, 2–500 (default 120) */
                points?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the curve */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        memoryId: string;
                        /** @description USER entries and pinned ones do not decay */
                        exempt: boolean;
                        importance: number;
                        accessCount: number;
                        /**
                         * Format: date-time
                         * @description last access, or creation: where the curve starts
                         */
                        lastTouched: string;
                        /** @description memory.importanceDecayDays × (1 + log2(1 + accessCount)) */
                        halfLifeDays: number;
                        importanceDecayDays: number;
                        /** @description below it the decay sweep moves a SEMANTIC entry to ARCHIVAL */
                        archiveThreshold: number;
                        /** Format: date-time */
                        now: string;
                        effectiveImportanceNow: number;
                        crossesThresholdAt: string | null;
                        /** @description samples from lastTouched to the horizon, assuming no further access */
                        points: {
                            /** Format: date-time */
                            at: string;
                            effectiveImportance: number;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listErasures: {
        parameters: {
            query?: {
                /** @description only this user’s erasures */
                userId?: string;
                /** @description page size, 1–500 (default 50) */
                limit?: string;
                /** @description nextCursor of the previous page */
                cursor?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description one page; nextCursor is null on the last */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        erasures: {
                            /** Format: uuid */
                            erasureId: string;
                            status: "pending" | "completed" | "failed";
                            subject: {
                                tenantId: string;
                                userId: string;
                                /** @description memory | key | user */
                                target: string;
                                memoryId: string | null;
                            };
                            /** Format: uuid */
                            requestEventId: string;
                            requestedBy: string;
                            /** Format: date-time */
                            requestedAt: string;
                            completedAt: string | null;
                            /** @description what the erasure removed, per place: log (events whose sealed content became unreadable), logPlaintext (events an outside producer wrote in the clear: removed everywhere but in the log), keys, memories, facts (derived), messages, episodes, skills, contradictions, textIndex, vectors (documents), archive (cold-archive records), tablesRewritten */
                            removed: {
                                [key: string]: number;
                            };
                            error: string | null;
                        }[];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    streamEvents: {
        parameters: {
            query?: {
                /** @description only this user’s events; omitted = every user of the tenant (a user-bound key: its user) */
                userId?: string;
                /** @description only this agent’s events (an agent-bound key: its agent) */
                agentId?: string;
                /** @description start at this log position (inclusive), e.g. a write’s answer; Last-Event-ID wins; neither = from now on */
                from?: string;
                /** @description only these event types, comma-separated */
                types?: string;
                /** @description false: end after the events already in the log (default true: then live) */
                follow?: "true" | "false";
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
                /** @description resume after this id (the id of the last event received: "partition:offset" per partition, comma-separated) */
                "last-event-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the event stream */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": {
                        /** @description log position "partition:offset" */
                        position: string;
                        eventId: string;
                        /** @description event type (MemoryWritten, FactExtracted, MemorySuperseded, MemoryForgotten, …) */
                        type: string;
                        schemaVersion: number;
                        tenantId: string;
                        userId: string;
                        agentId: string | null;
                        sessionId: string | null;
                        /** Format: date-time */
                        occurredAt: string;
                        /** Format: date-time */
                        recordedAt: string;
                        causationId: string | null;
                        correlationId: string | null;
                        /** @description the payload’s clear fields: ids (memoryId, messageId, supersededBy, erasureId…), tier, source, times */
                        data: {
                            [key: string]: unknown;
                        };
                        /** @description the user content (content, tags, key, metadata… at their payload paths) of a live event; null for replayed events (read them through GET /v1/memories/{id}, which honours forgetting) and erased ones */
                        content: {
                            [key: string]: unknown;
                        } | null;
                        /** @description its content was crypto-shredded (P4): only ids remain */
                        erased: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    observeMessage: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description session id */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @enum {unknown} */
                    role: "user" | "assistant" | "system" | "tool";
                    /** @description not blank; at most limits.maxContentBytes of UTF-8 (default 32 KB) */
                    content: string;
                    messageId?: string;
                    /**
                     * Format: date-time
                     * @description when the message was said (default now)
                     */
                    at?: string;
                    /** @description JSON object, at most 16 KB, nested at most 16 deep */
                    metadata?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description appended to the log */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        quarantineId?: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    writeMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @enum {unknown} */
                    type: "USER" | "ENVIRONMENT";
                    key?: string;
                    /** @description not blank; at most limits.maxContentBytes of UTF-8 (default 32 KB) */
                    content: string;
                    tags?: string[];
                    /**
                     * @description base importance (M1)
                     * @default 0.5
                     */
                    importance?: number;
                    pinned?: boolean;
                    /**
                     * @description provenance (P1). Claiming user_stated needs the write:user_stated scope (else 403 PROVENANCE_NOT_ALLOWED). Omitted: user_stated when the key holds write:user_stated (or auth is off), else model_inferred
                     * @enum {unknown}
                     */
                    source?: "user_stated" | "consolidated" | "model_inferred" | "legacy";
                    /** @description session the memory came from; required for tier WORKING */
                    sessionId?: string;
                    /** @description JSON object, at most 16 KB, nested at most 16 deep */
                    metadata?: {
                        [key: string]: unknown;
                    };
                    /**
                     * @default SEMANTIC
                     * @enum {unknown}
                     */
                    tier?: "SEMANTIC" | "WORKING";
                    /**
                     * Format: date-time
                     * @description when the fact became true (valid time; default: the write time)
                     */
                    validFrom?: string;
                    /**
                     * Format: date-time
                     * @description when the fact stopped being true (valid time); a value already over is kept as history and replaces nothing
                     */
                    validTo?: string;
                    /** @description soft scope tag (e.g. a project); queries can filter on it */
                    scope?: string;
                };
            };
        };
        responses: {
            /** @description appended (or deduplicated) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        eventId: string | null;
                        position: string | null;
                        /** @description true when an identical entry already held the key (nothing appended) */
                        deduplicated: boolean;
                        quarantineId?: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    endSession: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description session id */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description log position "partition:offset" */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description appended to the log */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        quarantineId?: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    query: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    query: string;
                    /** @default 10 */
                    k?: number;
                    tiers?: ("WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL")[];
                    types?: ("USER" | "ENVIRONMENT")[];
                    tags?: string[];
                    /**
                     * Format: date-time
                     * @description only documents at or after this time
                     */
                    from?: string;
                    /**
                     * Format: date-time
                     * @description only documents at or before this time
                     */
                    to?: string;
                    /** @description only this session’s documents */
                    sessionId?: string;
                    /** @description only entries with this soft scope tag */
                    scope?: string;
                    /** @description only documents that concern at least one of these entities, given as a name ("Acme Corp", "北京") or an entity-id slug ("acme_corp"): an episode listing it in its entity ids, a memory naming it in its key, tags or metadata, or any document whose text mentions it (case-folded tokens) */
                    entities?: string[];
                    /** @description spread the results over sessions: each further hit from a session already in the results has its score multiplied by this, once per earlier hit (1 keeps the ranking; default memory.sessionDiversity). Lower values favour covering more conversations over more turns of one */
                    sessionDiversity?: number;
                    /**
                     * Format: date-time
                     * @description B3 as-of read: what was true at this time, as known now. Facts count if their valid time covers it (superseded ones included), messages and episodes if they were said by then
                     */
                    asOf?: string;
                    /** @description read-your-writes: wait until the read side has applied this position */
                    minPosition?: string;
                    /** @description attach to each hit how it got its score: keyword, window and vector lists, fusion, rerank, forgetting curve, intent, session diversity */
                    explain?: boolean;
                    /** @description false: this query does not count as an access of the memories it returns (no MemoryAccessed; their forgetting curve is not refreshed). Default true */
                    reinforce?: boolean;
                };
            };
        };
        responses: {
            /** @description ranked results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        results: {
                            id: string;
                            /** @enum {unknown} */
                            kind: "memory" | "message" | "episode";
                            /** @enum {unknown} */
                            tier: "WORKING" | "EPISODIC" | "SEMANTIC" | "ARCHIVAL";
                            type: ("USER" | "ENVIRONMENT") | null;
                            key: string | null;
                            content: string;
                            score: number;
                            source: string | null;
                            importance: number;
                            effectiveImportance: number;
                            metadata: {
                                [key: string]: unknown;
                            };
                            sourceMessageIds: string[];
                            sessionId: string | null;
                            createdAt: string;
                            tags: string[];
                            pinned: boolean;
                            supersededBy: string | null;
                            validFrom?: string | null;
                            validTo?: string | null;
                            /** @description score = (rerank.slotScore if reranked, else fusion.score) × forgetting.weight × intent.weight × currency × sessionDiversity */
                            explain?: {
                                keyword: {
                                    /** @description 1-based rank in this list */
                                    rank: number;
                                    /** @description the index’s own score (BM25, cosine) */
                                    score: number;
                                    /** @description what this list added to the fused score */
                                    contribution: number;
                                } | null;
                                window: {
                                    /** @description 1-based rank in this list */
                                    rank: number;
                                    /** @description the index’s own score (BM25, cosine) */
                                    score: number;
                                    /** @description what this list added to the fused score */
                                    contribution: number;
                                } | null;
                                vector: {
                                    /** @description 1-based rank in this list */
                                    rank: number;
                                    /** @description the index’s own score (BM25, cosine) */
                                    score: number;
                                    /** @description what this list added to the fused score */
                                    contribution: number;
                                } | null;
                                /** @description R5: whether the discriminative-token gate narrowed the keyword lists, to which terms */
                                gate: {
                                    active: boolean;
                                    terms: string[];
                                };
                                /** @description R4: the sum of the lists’ contributions and its rank */
                                fusion: {
                                    /** @enum {unknown} */
                                    method: "zscore" | "rrf";
                                    score: number;
                                    rank: number;
                                };
                                rerank: {
                                    score: number;
                                    rank: number;
                                    slotScore: number;
                                } | null;
                                /** @description R7 forgetting-curve weight */
                                forgetting: {
                                    importance: number;
                                    effectiveImportance: number;
                                    weight: number;
                                };
                                /** @description R9: detected query intent and the multiplier it gave */
                                intent: {
                                    weight: number;
                                    freshness: boolean;
                                    temporal: boolean;
                                    preference: boolean;
                                    identity: boolean;
                                    past: boolean;
                                };
                                /** @description factor by which what holds now moved the hit: < 1 a mention of a superseded value ranked below what replaced it, > 1 a later statement lifted for a question about now (1: none) */
                                currency: number;
                                /** @description factor session diversity applied (1: none) */
                                sessionDiversity: number;
                            };
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    context: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description current session (its conversation is rendered) */
                    sessionId?: string;
                    query: string;
                    budgetChars?: number;
                    /** @description known facts and history only about these entities (as in POST /v1/query); the core snapshot is always rendered */
                    entities?: string[];
                    /**
                     * Format: date-time
                     * @description B3: render what was true at this time, as known now (profile and facts valid then, history said by then)
                     */
                    asOf?: string;
                    /** @description log position "partition:offset" */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description rendered context */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        context: string;
                        sections: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    memoryHistory: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description history, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        history: {
                            eventId: string;
                            memoryId: string;
                            action: string;
                            key: string | null;
                            version: number | null;
                            content: string | null;
                            source: string | null;
                            relatedId: string | null;
                            reason: string | null;
                            /** @description when the change happened */
                            at: string;
                            recordedAt: string | null;
                            validFrom: string | null;
                            validTo: string | null;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    keyHistory: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description history, oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        history: {
                            eventId: string;
                            memoryId: string;
                            action: string;
                            key: string | null;
                            version: number | null;
                            content: string | null;
                            source: string | null;
                            relatedId: string | null;
                            reason: string | null;
                            /** @description when the change happened */
                            at: string;
                            recordedAt: string | null;
                            validFrom: string | null;
                            validTo: string | null;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    forgetKey: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent making the request (audited) */
                agentId?: string;
                reason?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description erasure requested: the report (GET /v1/erasures/{erasureId}) completes once every store has erased it */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        /**
                         * Format: uuid
                         * @description the erasure this request starts: GET /v1/erasures/{erasureId} for its report
                         */
                        erasureId: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getErasure: {
        parameters: {
            query?: {
                /** @description wait until the read side has applied this position (e.g. the forget's) */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description erasureId from the 202 answer of a forget */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the erasure report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        erasureId: string;
                        status: "pending" | "completed" | "failed";
                        subject: {
                            tenantId: string;
                            userId: string;
                            /** @description memory | key | user */
                            target: string;
                            memoryId: string | null;
                        };
                        /** Format: uuid */
                        requestEventId: string;
                        requestedBy: string;
                        /** Format: date-time */
                        requestedAt: string;
                        completedAt: string | null;
                        /** @description what the erasure removed, per place: log (events whose sealed content became unreadable), logPlaintext (events an outside producer wrote in the clear: removed everywhere but in the log), keys, memories, facts (derived), messages, episodes, skills, contradictions, textIndex, vectors (documents), archive (cold-archive records), tablesRewritten */
                        removed: {
                            [key: string]: number;
                        };
                        error: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    pinMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description log position "partition:offset" */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description appended to the log */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        quarantineId?: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unpinMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description log position "partition:offset" */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description appended to the log */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        quarantineId?: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreMemory: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description memory id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description log position "partition:offset" */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description appended to the log */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        quarantineId?: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    workingMemory: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
                /** @description characters, 200–100000 */
                budgetChars?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description session id */
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description markdown */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listContradictions: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
                /** @description log position "partition:offset" */
                minPosition?: string;
                status?: "open" | "all";
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description contradictions, newest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        contradictions: {
                            id: string;
                            entryAId: string;
                            entryBId: string;
                            description: string;
                            confidence: number;
                            candidate: {
                                [key: string]: unknown;
                            } | null;
                            resolution: string | null;
                            resolvedBy: string | null;
                            detectedAt: string;
                            resolvedAt: string | null;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resolveContradiction: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description contradiction id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @enum {unknown} */
                    winner: "a" | "b";
                };
            };
        };
        responses: {
            /** @description resolution appended */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        /** @enum {unknown} */
                        resolution: "a_wins" | "b_wins";
                        winnerMemoryId: string;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    eventStatus: {
        parameters: {
            query: {
                /** @description user (hard isolation boundary) */
                userId: string;
                /** @description agent; omitted = every agent of the user */
                agentId?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description event id from a 202 answer */
                eventId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        eventId: string;
                        /**
                         * @description applied: in the read models and keyword-searchable (the vectors may follow: see vectors)
                         * @enum {unknown}
                         */
                        status: "pending" | "applied" | "rejected";
                        vectors: ("applied" | "pending") | null;
                        type: string | null;
                        /** @description log position "partition:offset" */
                        position: string;
                        memoryId: string | null;
                        code: string | null;
                        reason: string | null;
                        projections: {
                            projection: string;
                            /** @enum {unknown} */
                            outcome: "applied" | "rejected";
                            memoryId: string | null;
                            code: string | null;
                            reason: string | null;
                        }[];
                        deadLetters: {
                            id: string;
                            projection: string;
                            code: string;
                            error: string;
                            attempts: number;
                            status: string;
                            lastFailedAt: string;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDeadLetters: {
        parameters: {
            query?: {
                /** @description projection: working, episodic, semantic, archival, search-index or consolidator */
                projection?: string;
                /** @description only this tenant */
                tenantId?: string;
                /** @description only this user */
                userId?: string;
                status?: "dead" | "retry_requested";
                /** @description page size, 1–1000 (default 100) */
                limit?: string;
                /** @description the last id of the previous page */
                after?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description dead letters and their count per projection */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deadLetters: {
                            id: string;
                            projection: string;
                            position: {
                                partition: number;
                                offset: number;
                            };
                            eventId: string | null;
                            eventType: string | null;
                            tenantId: string | null;
                            userId: string | null;
                            code: string;
                            error: string;
                            attempts: number;
                            /** @enum {unknown} */
                            status: "dead" | "retry_requested";
                            firstFailedAt: string;
                            lastFailedAt: string;
                            retryRequestedAt: string | null;
                        }[];
                        counts: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryDeadLetters: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description one dead letter */
                    id?: string;
                    /** @description projection: working, episodic, semantic, archival, search-index or consolidator */
                    projection?: string;
                    /** @description only this tenant */
                    tenantId?: string;
                    /** @description only this user */
                    userId?: string;
                };
            };
        };
        responses: {
            /** @description how many were marked for retry */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requested: number;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    consolidate: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description user (hard isolation boundary) */
                    userId: string;
                    /** @description agent; omitted = no agent on writes, every agent on reads */
                    agentId?: string;
                    /** @description only this session; omitted = every open session of the user */
                    sessionId?: string;
                };
            };
        };
        responses: {
            /** @description sessions queued for consolidation */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sessions: string[];
                        eventIds: string[];
                        position: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listQuarantine: {
        parameters: {
            query?: {
                /** @description only this user’s held writes */
                userId?: string;
                status?: "pending" | "released" | "discarded";
                limit?: number;
                /** @description log position "partition:offset" */
                minPosition?: string;
            };
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description held writes of the tenant */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        items: {
                            quarantineId: string;
                            tenantId: string;
                            userId: string;
                            agentId: string | null;
                            sessionId: string | null;
                            keyId: string | null;
                            eventId: string;
                            /** @description write path: memory, message, fact, episode, skill */
                            attempted: string;
                            /** @description event type a release appends */
                            heldType: string;
                            heldSchemaVersion: number;
                            /** @description the held event’s payload */
                            heldPayload: {
                                [key: string]: unknown;
                            };
                            code: string;
                            /** @description names the intent the scanner saw */
                            reason: string;
                            intents: string[];
                            score: number;
                            field: string | null;
                            match: string | null;
                            scanner: string;
                            occurredAt: string;
                            quarantinedAt: string;
                            /** @enum {unknown} */
                            status: "pending" | "released" | "discarded";
                            resolvedAt: string | null;
                            resolvedBy: string | null;
                            releasedEventId: string | null;
                            note: string | null;
                        }[];
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    releaseQuarantined: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description quarantine id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the operator’s reason, recorded on QuarantineResolved */
                    note?: string;
                    /** @description who decided (recorded on QuarantineResolved) */
                    resolvedBy?: string;
                    /** @description wait for the read side to reach this position (e.g. the held write’s) first */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description decision appended */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        quarantineId: string;
                        /** @enum {unknown} */
                        resolution: "released" | "discarded";
                        /**
                         * Format: uuid
                         * @description the QuarantineResolved event
                         */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        releasedEventId: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    discardQuarantined: {
        parameters: {
            query?: never;
            header?: {
                /** @description tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default" */
                "x-tenant-id"?: string;
                /** @description copied into the appended events */
                "x-correlation-id"?: string;
            };
            path: {
                /** @description quarantine id */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description the operator’s reason, recorded on QuarantineResolved */
                    note?: string;
                    /** @description who decided (recorded on QuarantineResolved) */
                    resolvedBy?: string;
                    /** @description wait for the read side to reach this position (e.g. the held write’s) first */
                    minPosition?: string;
                };
            };
        };
        responses: {
            /** @description decision appended */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        quarantineId: string;
                        /** @enum {unknown} */
                        resolution: "released" | "discarded";
                        /**
                         * Format: uuid
                         * @description the QuarantineResolved event
                         */
                        eventId: string;
                        /** @description log position "partition:offset" */
                        position: string;
                        releasedEventId: string | null;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description UNAUTHENTICATED: no key, or an unknown, revoked or expired one (details.reason KEY_MISSING / KEY_UNKNOWN / KEY_REVOKED / KEY_EXPIRED) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description FORBIDDEN (details.reason SCOPE_MISSING / TENANT_NOT_ALLOWED / USER_NOT_ALLOWED / AGENT_NOT_ALLOWED / AGENT_BOUND), PROVENANCE_NOT_ALLOWED (user_stated without write:user_stated), QUOTA_EXCEEDED */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description RATE_LIMITED: the key spent its burst or has too many queries in flight (Retry-After says when to retry) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    healthz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        status?: string;
                        version?: string;
                        log?: boolean;
                        db?: boolean;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    readyz: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ready" | "not_ready";
                        version: string;
                        components: {
                            [key: string]: {
                                ok: boolean;
                                reason?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        deadLetters: {
                            [key: string]: number;
                        };
                        reasons: string[];
                        error?: {
                            /** @description stable error code (EngramError.code) */
                            code: string;
                            message: string;
                            retriable: boolean;
                            details?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description not ready: which component and why */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ready" | "not_ready";
                        version: string;
                        components: {
                            [key: string]: {
                                ok: boolean;
                                reason?: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                        deadLetters: {
                            [key: string]: number;
                        };
                        reasons: string[];
                        error?: {
                            /** @description stable error code (EngramError.code) */
                            code: string;
                            message: string;
                            retriable: boolean;
                            details?: {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description VALIDATION_FAILED (details.field names the field) and other bad input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description NOT_FOUND (also for another user’s memory) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROVENANCE_REJECTED / CONFLICT */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_TOO_LARGE (content over 32 KB, body over 64 KB) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description unsupported content type */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONTENT_BLOCKED_INVISIBLE_UNICODE / CONTENT_BLOCKED_INJECTION (recorded as WriteRejected) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description INTERNAL */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PROJECTION_LAGGING (with Retry-After) / LOG_UNAVAILABLE / STORE_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
