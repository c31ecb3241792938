/** Small per-machine UI preferences (not settings: nothing the core needs), kept in localStorage. */
import { ref, watch, type Ref } from 'vue'

/** A boolean remembered under `key`; storage failures only mean it is not remembered. */
export function useStoredFlag(key: string, initial = false): Ref<boolean> {
  let start = initial
  try {
    const v = localStorage.getItem(key)
    if (v !== null) start = v === '1'
  } catch {
    // Storage disabled: use the default.
  }
  const flag = ref(start)
  watch(flag, (v) => {
    try {
      localStorage.setItem(key, v ? '1' : '0')
    } catch {
      // A preference only; nothing to tell the user.
    }
  })
  return flag
}
