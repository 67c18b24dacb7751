export { startErasureCoordinator, type ErasureCoordinator, type ErasureCoordinatorDeps } from './coordinator';
export { followLineage, type Lineage } from './lineage';
