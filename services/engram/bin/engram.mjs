#!/usr/bin/env node
// The `engram` command: runs packages/cli/src/main.ts (TypeScript) through tsx.
import { register } from 'tsx/esm/api';

register();
await import(new URL('../../../packages/cli/src/main.ts', import.meta.url).href);
