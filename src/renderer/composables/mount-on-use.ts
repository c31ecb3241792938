/**
 * A costly input (Element Plus's date picker renders its calendar as it mounts; the autocomplete mounts a tooltip, a
 * popper and a scrollbar) mounted only when it is about to be used: until the pointer or the focus comes, a plain
 * input stands in its place, then `wake` swaps them, handing the focus over when it came by the keyboard. Used where a
 * form has many of them (an opened product of the order wizard).
 */
import { nextTick, ref } from 'vue'

export function useMountOnUse<T extends { focus: () => void }>() {
  /** Whether the real input is mounted (it stays once woken). */
  const real = ref(false)
  /** The real input, once mounted (a template ref). */
  const target = ref<T | null>(null)
  async function wake(focus: boolean): Promise<void> {
    if (real.value) return
    real.value = true
    if (!focus) return
    await nextTick()
    target.value?.focus()
  }
  return { real, target, wake }
}
