/**
 * "Only the latest request counts." A list that loads as the user types, pages or switches may get its answers out
 * of order: an answer to an older request must not replace a newer one, its error must not show, and only the
 * latest request ends the loading state. Every screen and store that loads this way uses this one piece.
 */
import type { Ref } from 'vue'

export interface LatestHandlers<T> {
  /** The answer, only while this request is still the latest. */
  ok: (value: T) => void
  /** Its error, only while this request is still the latest (without it an error is dropped). */
  failed?: (err: unknown) => void
  /** Leaves `loading` as it is when the request starts (a quiet refresh); it still ends it. */
  quiet?: boolean
}

export interface Latest {
  /**
   * Starts a request and gives a check that says whether it is still the latest: for work in several steps, where
   * each step must stop once a newer request began.
   */
  begin(): () => boolean
  /** Runs `work` as the latest request: `ok` or `failed` for its outcome unless a newer one began meanwhile. */
  run<T>(work: () => Promise<T>, on: LatestHandlers<T>): Promise<void>
  /** Makes every request in flight out of date (a reset, a profile switch) and ends the loading state. */
  drop(): void
}

/** One "latest request" gate, with the loading flag it keeps (optional). */
export function useLatest(loading?: Ref<boolean>): Latest {
  let seq = 0
  const begin = (): (() => boolean) => {
    const mine = ++seq
    return () => mine === seq
  }
  return {
    begin,
    async run<T>(work: () => Promise<T>, on: LatestHandlers<T>): Promise<void> {
      const current = begin()
      if (loading && !on.quiet) loading.value = true
      try {
        const value = await work()
        if (current()) on.ok(value)
      } catch (err) {
        if (current()) on.failed?.(err)
      } finally {
        if (current() && loading) loading.value = false
      }
    },
    drop(): void {
      seq++
      if (loading) loading.value = false
    },
  }
}
