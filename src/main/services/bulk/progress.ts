/** Rate and time-left of a job, from a sliding window of recent completions; and a throttle for events. */

/** Window the rate is averaged over. */
export const RATE_WINDOW_MS = 5_000

export class RateMeter {
  private samples: { at: number; done: number }[] = []

  constructor(private readonly now: () => number = Date.now) {}

  /** Records the number of items finished so far. */
  record(done: number): void {
    const at = this.now()
    this.samples.push({ at, done })
    while (this.samples.length > 2 && this.samples[0]!.at < at - RATE_WINDOW_MS) this.samples.shift()
  }

  /** Starts over (after a pause: the idle time must not drag the rate down). */
  reset(): void {
    this.samples = []
  }

  /** Items per second over the window; 0 until there are two samples apart in time. */
  rate(): number {
    const first = this.samples[0]
    const last = this.samples[this.samples.length - 1]
    if (!first || !last || last.at <= first.at) return 0
    return ((last.done - first.done) * 1000) / (last.at - first.at)
  }

  /** Seconds left for `remaining` items at the current rate; null when the rate is not known yet. */
  eta(remaining: number): number | null {
    if (remaining === 0) return 0
    const r = this.rate()
    return r > 0 ? Math.ceil(remaining / r) : null
  }
}

/** Calls `fn` at most once per `intervalMs`; a call inside the interval is delivered at its end. */
export class Throttle {
  private last = 0
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly intervalMs: number,
    private readonly fn: () => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Asks for a call. */
  poke(): void {
    if (this.timer) return
    const wait = this.last + this.intervalMs - this.now()
    if (wait <= 0) {
      this.fire()
      return
    }
    this.timer = setTimeout(() => this.fire(), wait)
    this.timer.unref?.()
  }

  /** Calls now (status changes, the end of a job), cancelling a delayed call. */
  flush(): void {
    this.fire()
  }

  /** Drops a delayed call. */
  cancel(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }

  private fire(): void {
    this.cancel()
    this.last = this.now()
    this.fn()
  }
}
