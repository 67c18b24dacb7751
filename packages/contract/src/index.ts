export * from './limits';
export * from './storable';
export * from './fields';
export * from './requests';
export * from './check';
export * from './events';
export type { Static, TSchema } from 'typebox';
export * from './keys';
export * from './mem0';
