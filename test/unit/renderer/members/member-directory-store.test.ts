import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { RawBridge } from '@shared/ipc/bridge'
import { installBridge } from '../../../../src/renderer/bridge'
import { personLabel, useMemberDirectoryStore } from '../../../../src/renderer/stores/member-directory'
import { useProfilesStore } from '../../../../src/renderer/stores/profiles'

const status = (state: 'loading' | 'ready') => ({ profileId: 'sandbox', enterpriseGlobalId: 'E1', state, loaded: 0, total: null, readAt: state === 'ready' ? 1 : null })
const people = [{ globalId: 'M1', userName: 'zhangsan', name: '张三' }]

/** A bridge whose directory is still reading at the first question; `emit` sends a core event. */
function fakeBridge() {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  const asked: string[][] = []
  let ready = false
  let releaseFirst!: () => void
  const first = new Promise<void>((r) => (releaseFirst = r))
  const bridge: RawBridge = {
    shell: 'browser',
    async invoke(channel, input) {
      if (channel !== 'members.people') return { ok: true, value: null }
      const ids = (input as { globalIds: string[] }).globalIds
      asked.push(ids)
      const answerReady = ready
      if (asked.length === 1) await first
      return { ok: true, value: { status: status(answerReady ? 'ready' : 'loading'), people: answerReady ? people.filter((p) => ids.includes(p.globalId)) : [] } }
    },
    onEvent(l) {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  }
  return {
    bridge,
    asked,
    releaseFirst,
    readList() {
      ready = true
      for (const l of listeners) l('members.directory', status('ready'))
    },
  }
}

beforeEach(() => {
  setActivePinia(createPinia())
  useProfilesStore().activeId = 'sandbox'
})
afterEach(() => installBridge(null))

describe('the member directory in the renderer', () => {
  it('asks again when the list was read while the first answer (still reading) was on its way', async () => {
    const fake = fakeBridge()
    installBridge(fake.bridge)
    const dir = useMemberDirectoryStore()
    const asking = dir.request('E1', ['M1', 'M9'])
    // The core finishes reading, and says so, before the first answer arrives.
    fake.readList()
    fake.releaseFirst()
    await asking
    expect(fake.asked).toHaveLength(2)
    expect(dir.person('E1', 'M1')).toMatchObject({ name: '张三', label: '张三 (zhangsan)' })
    expect(dir.labelOf('E1', 'M9')).toBeUndefined()
    // Known ones are not asked again.
    await dir.request('E1', ['M1'])
    expect(fake.asked).toHaveLength(2)
  })

  it('asks again once the list is read when the answer came first', async () => {
    const fake = fakeBridge()
    installBridge(fake.bridge)
    const dir = useMemberDirectoryStore()
    fake.releaseFirst()
    await dir.request('E1', ['M1'])
    expect(dir.person('E1', 'M1')).toBeUndefined()
    fake.readList()
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(fake.asked).toHaveLength(2)
    expect(dir.labelOf('E1', 'M1')).toBe('张三 (zhangsan)')
    expect(personLabel({ name: '', userName: 'x1' })).toBe('x1')
  })
})
