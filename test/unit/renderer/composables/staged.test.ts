import { afterEach, describe, expect, it } from 'vitest'
import { defineComponent, h, nextTick, ref, type Ref } from 'vue'
import { mount } from '@vue/test-utils'
import { stagedSettled, useStaged } from '../../../../src/renderer/composables/staged'

/** A block of three steps shown while `open` is true; each step a div of its own. */
function block(open: Ref<boolean>, steps = 3, opts: { closeLater?: boolean } = {}) {
  return mount(
    defineComponent({
      setup() {
        const shown = useStaged(() => open.value, steps, opts)
        return () => h('div', Array.from({ length: steps }, (_, i) => (shown.value > i ? h('div', { id: `step-${i + 1}` }) : null)))
      },
    }),
    { attachTo: document.body },
  )
}
const ids = () => [...document.querySelectorAll('[id^="step-"]')].map((e) => e.id)
/** One task later (a staged step mounts per task). */
const task = () => new Promise((r) => setTimeout(r, 0))

let unmount: (() => void) | null = null
afterEach(() => {
  unmount?.()
  unmount = null
})

describe('a block mounted in steps', () => {
  it('shows its first step with the change that opened it, then one more step per task', async () => {
    const open = ref(false)
    const w = block(open)
    unmount = () => w.unmount()
    expect(ids()).toEqual([])
    open.value = true
    await nextTick()
    expect(ids()).toEqual(['step-1'])
    await task()
    await nextTick()
    expect(ids()).toEqual(['step-1', 'step-2'])
    await task()
    await nextTick()
    expect(ids()).toEqual(['step-1', 'step-2', 'step-3'])
  })

  it('lets a caller wait until every step is there (an issue jumping to a field of a later step)', async () => {
    const open = ref(false)
    const w = block(open, 4)
    unmount = () => w.unmount()
    open.value = true
    await nextTick()
    expect(document.getElementById('step-4')).toBeNull()
    await stagedSettled()
    await nextTick()
    expect(document.getElementById('step-4')).not.toBeNull()
  })

  it('closing it midway stops the steps, and waiting callers are not left waiting', async () => {
    const open = ref(true)
    const w = block(open, 5)
    unmount = () => w.unmount()
    await nextTick()
    const settled = stagedSettled()
    open.value = false
    await nextTick()
    await settled
    await task()
    await nextTick()
    expect(ids()).toEqual([])
  })

  it('an unmounted block is not waited for', async () => {
    const open = ref(true)
    const w = block(open, 5)
    await nextTick()
    const settled = stagedSettled()
    w.unmount()
    let done = false
    void settled.then(() => (done = true))
    await task()
    expect(done).toBe(true)
  })

  it('closing later: the steps stay one more task, and opened again meanwhile they are not mounted again', async () => {
    const open = ref(true)
    const w = block(open, 3, { closeLater: true })
    unmount = () => w.unmount()
    await stagedSettled()
    await nextTick()
    const first = document.getElementById('step-3')
    expect(ids()).toEqual(['step-1', 'step-2', 'step-3'])
    open.value = false
    await nextTick()
    // Still there in the task that closed it (its owner hides it); gone a task later.
    expect(ids()).toEqual(['step-1', 'step-2', 'step-3'])
    await task()
    await nextTick()
    expect(ids()).toEqual([])
    // Opened, closed and opened again within a task: the same elements stay.
    open.value = true
    await nextTick()
    await stagedSettled()
    await nextTick()
    const again = document.getElementById('step-3')
    expect(again).not.toBeNull()
    expect(again).not.toBe(first)
    open.value = false
    await nextTick()
    open.value = true
    await nextTick()
    await task()
    await nextTick()
    expect(document.getElementById('step-3')).toBe(again)
  })
})
