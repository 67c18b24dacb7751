export * from './fake-openai-server';
export * from './contracts/sql-database-contract';
export * from './servers';
