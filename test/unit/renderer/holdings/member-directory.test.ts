/**
 * The member directory store names employees for the asset numbers and lending screens: when the core is still
 * reading the employee list, names missing from an answer are asked for again once the reading ended, also when
 * the event saying so came before the answer (the question in flight must not swallow the new one), when the event
 * is missed altogether, and the first profiles to arrive do not throw away the names already known.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { installBridge } from '../../../../src/renderer/bridge'
import { useMemberDirectoryStore } from '../../../../src/renderer/stores/member-directory'
import { useProfilesStore } from '../../../../src/renderer/stores/profiles'

const E = 'E000000000000001'
const LISI = { globalId: 'M000000000000002', userName: 'lisi', name: '李四' }
const status = (state: 'loading' | 'ready') => ({ profileId: 'sandbox', enterpriseGlobalId: E, state, loaded: state === 'ready' ? 25 : 0, total: state === 'ready' ? 25 : null, readAt: state === 'ready' ? 1 : null })

function core(answer: (n: number) => Promise<unknown>) {
  const listeners = new Set<(name: string, payload: unknown) => void>()
  let calls = 0
  installBridge({
    shell: 'browser',
    invoke: async (ch) => {
      if (ch !== 'members.people') return { ok: false, error: { code: 'app.notFound', messageKey: 'app.notFound', params: {}, details: {} } }
      return { ok: true, value: await answer(++calls) }
    },
    onEvent: (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
  })
  return {
    calls: () => calls,
    emit: (name: string, payload: unknown) => listeners.forEach((l) => l(name, payload)),
  }
}

const flush = () => new Promise((r) => setTimeout(r, 0))

beforeEach(() => setActivePinia(createPinia()))
afterEach(() => {
  vi.useRealTimers()
  installBridge(null)
})

describe('member directory store', () => {
  it('asks again when the reading ended while the question was out', async () => {
    let release!: () => void
    const first = new Promise<void>((r) => (release = r))
    const c = core(async (n) => {
      if (n === 1) {
        await first
        return { status: status('loading'), people: [] }
      }
      return { status: status('ready'), people: [LISI] }
    })
    useProfilesStore().activeId = 'sandbox'
    const d = useMemberDirectoryStore()
    const asked = d.request(E, [LISI.globalId])
    await flush()
    c.emit('members.directory', status('ready'))
    release()
    await asked
    await flush()
    await flush()
    expect(c.calls()).toBe(2)
    expect(d.labelOf(E, LISI.globalId)).toBe('李四 (lisi)')
  })

  it('asks again a little later when the event that the reading ended never comes', async () => {
    vi.useFakeTimers()
    const c = core(async (n) => (n === 1 ? { status: status('loading'), people: [] } : { status: status('ready'), people: [LISI] }))
    useProfilesStore().activeId = 'sandbox'
    const d = useMemberDirectoryStore()
    // A lookup taken before the names arrive (a table's filter keeps one) names them once they have.
    const label = d.labeller(E)
    await d.request(E, [LISI.globalId])
    expect(d.labelOf(E, LISI.globalId)).toBeUndefined()
    expect(label(LISI.globalId)).toBeUndefined()
    await vi.advanceTimersByTimeAsync(2000)
    expect(c.calls()).toBe(2)
    expect(d.labelOf(E, LISI.globalId)).toBe('李四 (lisi)')
    expect(label(LISI.globalId)).toBe('李四 (lisi)')
  })

  it('keeps the names known when the first profiles arrive, forgets them when the connection changes', async () => {
    core(async () => ({ status: status('ready'), people: [LISI] }))
    const profiles = useProfilesStore()
    const d = useMemberDirectoryStore()
    await d.request(E, [LISI.globalId])
    profiles.activeId = 'sandbox'
    await flush()
    expect(d.labelOf(E, LISI.globalId)).toBe('李四 (lisi)')
    const label = d.labeller(E)
    profiles.activeId = 'other'
    await flush()
    expect(d.labelOf(E, LISI.globalId)).toBeUndefined()
    expect(label(LISI.globalId)).toBeUndefined()
  })
})
