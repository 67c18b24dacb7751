export * from './postgres-database';
export * from './connection-errors';
export * from './scratch-database';
