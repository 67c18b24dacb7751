export * from './pglite-database';
export * from './template';
