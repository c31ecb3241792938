import { customRef, markRaw, type Ref } from 'vue'

/** A ref whose value is kept raw (never made reactive deep down, skipped by deep watchers): replaced whole. */
export function rawRef<T extends object>(initial: T): Ref<T> {
  let value = markRaw(initial)
  return customRef((track, trigger) => ({
    get() {
      track()
      return value
    },
    set(v: T) {
      value = markRaw(v)
      trigger()
    },
  }))
}
