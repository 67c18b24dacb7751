export { PROJECTION_TABLES } from '@engram/projections';

export const SHADOW_SCHEMA = 'engram_replay';
export const REPLACED_SCHEMA = 'engram_replaced';
