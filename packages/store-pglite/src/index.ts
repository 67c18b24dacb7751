export * from './pglite-database';
