export * from './config';
export * from './logger';
export * from './adapters';
export * from './lifecycle';
export * from './compose';
export * from './health-server';
export * from './api';
export * from './metrics';
