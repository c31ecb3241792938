/** The sandbox's clock: real time plus an offset tests can move forward (token expiry, the g_nonce window). */
export class Clock {
  private offsetMs = 0

  /** `source` is the time it adds its offset to: real time, or a fixed one in unit tests. */
  constructor(private readonly source: () => number = Date.now) {}

  now(): number {
    return this.source() + this.offsetMs
  }

  /** Moves the clock forward (never back, so insertion order stays time order). */
  advance(ms: number): void {
    if (ms > 0) this.offsetMs += ms
  }
}
