/**
 * A run's places for requests in flight (`settings.bulk.concurrency` of them). A call holds one from the moment
 * it is sent; the API client gives it back as soon as an answer with HTTP 200 is in, before reading it, and takes
 * one again before a retry (see CallSlot). So the next request leaves while an answer is being read, and at no
 * moment are more requests out than the setting allows.
 */
import type { CallSlot } from '../../api/client'

export class Slots {
  private free: number
  private readonly waiting: (() => void)[] = []

  constructor(count: number) {
    this.free = Math.max(1, count)
  }

  /** A place, held, once one is free (waiters are served in turn). */
  async take(): Promise<Lease> {
    await this.one()
    return new Lease(this)
  }

  /** @internal Waits for a free place and holds it. */
  one(): Promise<void> {
    if (this.free > 0) {
      this.free--
      return Promise.resolve()
    }
    return new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  /** @internal Gives a place back: to the first waiter, or to the free ones. */
  give(): void {
    const next = this.waiting.shift()
    if (next) next()
    else this.free++
  }
}

/** One call's place: released at most once per take, so a release after the client's own does nothing. */
export class Lease implements CallSlot {
  private held = true

  constructor(private readonly slots: Slots) {}

  release(): void {
    if (!this.held) return
    this.held = false
    this.slots.give()
  }

  async acquire(): Promise<void> {
    if (this.held) return
    await this.slots.one()
    this.held = true
  }
}
