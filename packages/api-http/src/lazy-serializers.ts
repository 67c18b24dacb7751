import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;

/**
 * fastify's own response serializers (fast-json-stringify, same options, same shared schemas), each
 * compiled when its route first answers with that status: compiling all of them (every route's 2xx,
 * 4xx and 5xx) was about a fifth of the all-in-one's start-up CPU. What a reply may contain is
 * unchanged: the same compiled serializer drops what its schema does not name.
 */
export const lazySerializers: SerializerFactory = (externalSchemas, options) => {
  const compile = SerializerSelector()(externalSchemas, options);
  return (route) => {
    let serialize: ((doc: unknown) => string) | null = null;
    return (doc: unknown) => (serialize ??= compile(route))(doc);
  };
};
