/**
 * Mounts a big block in steps, each in a task of its own: a product of the order wizard opens with about twenty
 * Element Plus fields (selects and date pickers each mount a popper), which in one task took 120 to 280 ms on a
 * slow machine, and a task over 50 ms is a frame the user sees missing. `shown` is 0 while inactive; once active
 * it is 1 at once (the first step renders with the change that opened it), then one more per task up to `steps`.
 * Whoever looks for a field of a later step first waits for every staged block to finish (stagedSettled).
 */
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'

/** Staged blocks still mounting, and who waits for them all. */
let mounting = 0
let waiters: (() => void)[] = []

function settleIfIdle(): void {
  if (mounting > 0) return
  const w = waiters
  waiters = []
  for (const r of w) r()
}

/** Resolves once no staged block is still mounting (at once when none is). */
export function stagedSettled(): Promise<void> {
  if (mounting === 0) return Promise.resolve()
  return new Promise((r) => waiters.push(r))
}

/**
 * `closeLater`: once inactive, the steps stay mounted one more task (the owner hides them at once, v-show), so
 * taking twenty fields down is not added to the task that closed them (picking another entry closes the product
 * open in the one left); opened again meanwhile, they are simply shown again.
 */
export function useStaged(active: () => boolean, steps: number, opts: { closeLater?: boolean } = {}): Ref<number> {
  const shown = ref(0)
  let timer: ReturnType<typeof setTimeout> | null = null
  let closing: ReturnType<typeof setTimeout> | null = null
  const stop = () => {
    if (closing !== null) {
      clearTimeout(closing)
      closing = null
    }
    if (timer === null) return
    clearTimeout(timer)
    timer = null
    mounting--
    settleIfIdle()
  }
  const next = () => {
    timer = null
    shown.value++
    if (shown.value < steps) {
      timer = setTimeout(next, 0)
      return
    }
    mounting--
    settleIfIdle()
  }
  const begin = (on: boolean) => {
    stop()
    if (!on) {
      if (opts.closeLater === true && shown.value > 0) {
        closing = setTimeout(() => {
          closing = null
          shown.value = 0
        }, 0)
      } else shown.value = 0
      return
    }
    shown.value = Math.max(shown.value, 1)
    if (shown.value < steps) {
      mounting++
      timer = setTimeout(next, 0)
    }
  }
  watch(active, begin)
  begin(active())
  onBeforeUnmount(stop)
  return shown
}
