/**
 * The g_nonce anti-replay window. A nonce is refused when it was seen within `windowMs`; memory is bounded by
 * `maxEntries` (the oldest nonces are forgotten first), so the effective window is the shorter of the two.
 * Entries go in time order, so expired ones are always at the front of the map: pruning is amortised O(1).
 */
import type { Clock } from './clock'

export const DEFAULT_NONCE_WINDOW_MS = 5 * 60_000
export const DEFAULT_NONCE_MAX_ENTRIES = 200_000
/** Longest g_nonce accepted. */
export const NONCE_MAX_LENGTH = 128

export class NonceWindow {
  private readonly seen = new Map<string, number>()

  constructor(
    private readonly clock: Clock,
    private readonly windowMs = DEFAULT_NONCE_WINDOW_MS,
    private readonly maxEntries = DEFAULT_NONCE_MAX_ENTRIES,
  ) {}

  /** Records a nonce; false when it is a replay within the window. */
  use(nonce: string): boolean {
    const now = this.clock.now()
    this.prune(now)
    const expiry = this.seen.get(nonce)
    if (expiry !== undefined) {
      if (expiry > now) return false
      this.seen.delete(nonce)
    }
    this.seen.set(nonce, now + this.windowMs)
    if (this.seen.size > this.maxEntries) {
      const oldest = this.seen.keys().next()
      if (!oldest.done) this.seen.delete(oldest.value)
    }
    return true
  }

  get size(): number {
    return this.seen.size
  }

  private prune(now: number): void {
    for (const [nonce, expiry] of this.seen) {
      if (expiry > now) return
      this.seen.delete(nonce)
    }
  }
}
