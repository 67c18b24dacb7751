export { acquireDirLock, type DirLock, type DirLockOptions } from './dir-lock';
export { ownerState, processStartTime, type OwnerState } from './process-state';
