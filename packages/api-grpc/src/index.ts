export { startGrpcServer } from './server';
export type { GrpcServerOptions, RunningGrpcServer } from './server';
export { loadEngramProto, ENGRAM_PROTO_PATH, PROTO_LOADER_OPTIONS } from './proto';
export type { EngramProto } from './proto';
export { grpcStatusOf, toServiceError } from './status';
