import { fileURLToPath } from 'node:url';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';

export const ENGRAM_PROTO_PATH = fileURLToPath(new URL('../../../schemas/engram.proto', import.meta.url));

/** proto-loader options shared by the server and clients: camelCase fields, unset fields absent. */
export const PROTO_LOADER_OPTIONS: protoLoader.Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: false,
  oneofs: true,
};

/** The full name of the service (reflection, health). */
export const ENGRAM_SERVICE_NAME = 'engram.v1.Engram';

export interface EngramProto {
  service: grpc.ServiceDefinition;
  /** The loaded package definition (what server reflection describes). */
  definition: protoLoader.PackageDefinition;
  /** Client constructor: `new Client("127.0.0.1:port", grpc.credentials.createInsecure())`. */
  Client: grpc.ServiceClientConstructor;
}

let cached: EngramProto | null = null;

export function loadEngramProto(): EngramProto {
  if (cached) return cached;
  const def = protoLoader.loadSync(ENGRAM_PROTO_PATH, PROTO_LOADER_OPTIONS);
  const pkg = grpc.loadPackageDefinition(def) as unknown as {
    engram: { v1: { Engram: grpc.ServiceClientConstructor } };
  };
  const Client = pkg.engram.v1.Engram;
  cached = { service: Client.service, Client, definition: def };
  return cached;
}
