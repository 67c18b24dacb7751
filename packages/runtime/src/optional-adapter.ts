// The errors alone: the embedding threads load this module (local-embedder.ts) and need not load all of core.
import { EngramError } from '@engram/core/errors';

/**
 * Loads an adapter package the config selected. Adapters are optional peers of @engram/runtime: a
 * service installs the ones of its deployment, so a config naming another one must say which
 * package to add instead of failing with a bare module-resolution error.
 */
export async function loadAdapter<T>(pkg: string, selectedBy: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (isMissingPackage(e, pkg)) {
      throw new EngramError(
        'CONFIG_INVALID',
        `${selectedBy} needs the package ${pkg}, which is not installed here: add it with \`npm install ${pkg}\` in this service's workspace`,
        {
          details: { package: pkg, selectedBy },
          cause: e,
        },
      );
    }
    throw e;
  }
}

/** The package when it is installed here, null when it is not (anything else it throws still throws). */
export async function loadIfInstalled<T>(pkg: string, load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch (e) {
    if (isMissingPackage(e, pkg)) return null;
    throw e;
  }
}

function isMissingPackage(e: unknown, pkg: string): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  return (
    (err?.code === 'ERR_MODULE_NOT_FOUND' || err?.code === 'MODULE_NOT_FOUND') &&
    typeof err.message === 'string' &&
    err.message.includes(`'${pkg}'`)
  );
}
