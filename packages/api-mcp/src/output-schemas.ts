import Type from 'typebox';

/** What the tools answer (structuredContent), published as each tool's outputSchema. */

const nullable = (t: ReturnType<typeof Type.String>) => Type.Union([t, Type.Null()]);

export const Mem0MemoryOut = Type.Object({
  id: Type.String(),
  memory: Type.String(),
  hash: Type.String(),
  user_id: Type.String(),
  agent_id: nullable(Type.String()),
  run_id: nullable(Type.String()),
  app_id: nullable(Type.String()),
  metadata: Type.Record(Type.String(), Type.Unknown()),
  categories: Type.Array(Type.String()),
  created_at: Type.String(),
  updated_at: Type.String(),
  expiration_date: nullable(Type.String()),
  score: Type.Optional(Type.Number()),
});

export const AddOut = Type.Object({
  message: Type.String(),
  status: Type.String(),
  event_id: Type.String({ description: 'the add event (GET /mem0/v1/event/{event_id}/ tells when it is done)' }),
  results: Type.Optional(Type.Array(Type.Object({ id: Type.String(), memory: Type.String(), event: Type.String() }))),
});

export const SearchOut = Type.Object({ results: Type.Array(Mem0MemoryOut) });

export const ListOut = Type.Object({
  count: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
  results: Type.Array(Mem0MemoryOut),
});

export const HistoryOut = Type.Object({
  history: Type.Array(
    Type.Object({
      id: Type.String(),
      memory_id: Type.String(),
      event: Type.String(),
      action: Type.String(),
      old_memory: nullable(Type.String()),
      new_memory: nullable(Type.String()),
      created_at: Type.String(),
    }),
  ),
});

export const DeleteOut = Type.Object({ message: Type.String() });

export const ContextOut = Type.Object({ context: Type.String(), sections: Type.Record(Type.String(), Type.Number()) });

export const EndSessionOut = Type.Object({ event_id: Type.String(), position: Type.String() });
