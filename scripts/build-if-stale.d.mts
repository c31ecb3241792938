/** True when out/ holds a build at least as new as every source. */
export function buildIsFresh(): boolean
/** Builds unless the build is fresh; returns false when the build failed (its output went to the terminal). */
export function buildIfStale(options?: { say?: (line: string) => void }): boolean
