export { buildHttpServer, BODY_LIMIT_BYTES } from './server';
export type { HttpServerOptions } from './server';
export { buildOpenApi } from './openapi';
