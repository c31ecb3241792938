/**
 * Waiting for a condition in a test, with the hang limit (hang.ts): vitest's own default (1 s) fails a correct test
 * on a loaded machine. `expect.poll` gets the same limit from vitest.config.ts.
 */
import { vi } from 'vitest'
import { HANG_MS } from './hang'

/** `vi.waitFor` with the hang limit: calls `check` until it stops throwing (or its promise resolves). */
export function waitFor<T>(check: () => T | Promise<T>, options: { interval?: number } = {}): Promise<T> {
  return vi.waitFor(check, { timeout: HANG_MS, interval: options.interval ?? 20 })
}
