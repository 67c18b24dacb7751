export * from './env';
export * from './server-suite';
export * from './free-port';
export * from './postgres';
export * from './kafka-jars';
export * from './kafka';
export * from './kafka-probe';
