export * from './fake-openai-server';
export * from './contracts/sql-database-contract';
export * from './servers';
export * from './contracts/index-contract-support';
export * from './contracts/vector-index-contract';
export * from './contracts/text-index-contract';
export * from './contracts/event-log-contract';
export * from './wait';
