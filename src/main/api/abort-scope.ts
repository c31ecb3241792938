/**
 * Stopping calls. A call takes anything shaped like an AbortSignal (`Abortable`); a bulk job, whose calls all
 * stop together, uses an `AbortScope`: a plain set of listeners, so each call in flight costs one Set entry
 * instead of an EventTarget listener on one shared AbortSignal (slow in Node 20, and past 10 of them Node warns
 * of a leak: MaxListenersExceededWarning).
 */

/** The part of AbortSignal a call uses; an AbortSignal is one. */
export interface Abortable {
  readonly aborted: boolean
  readonly reason: unknown
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void
  removeEventListener(type: 'abort', listener: () => void): void
}

/** One stop for many calls (a bulk job's run): `abort` tells every call listening at that moment, once. */
export class AbortScope implements Abortable {
  private readonly listeners = new Set<() => void>()
  private stopped = false
  private why: unknown = undefined

  get aborted(): boolean {
    return this.stopped
  }

  get reason(): unknown {
    return this.why
  }

  /** Listeners are called once, on abort (the `once` option is implied). */
  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.stopped) this.listeners.add(listener)
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.delete(listener)
  }

  /** Listening now (tests check that finished calls leave nothing behind). */
  get listening(): number {
    return this.listeners.size
  }

  /** Stops every call listening; later calls see `aborted` and do not start. */
  abort(reason: unknown): void {
    if (this.stopped) return
    this.stopped = true
    this.why = reason
    const all = [...this.listeners]
    this.listeners.clear()
    for (const l of all) l()
  }
}
