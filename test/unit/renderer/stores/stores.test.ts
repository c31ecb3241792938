import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { SECRET_NAMES } from '@shared/ipc/channels/profiles'
import { installBridge } from '../../../../src/renderer/bridge'
import { useAppStore } from '../../../../src/renderer/stores/app'
import { useProfilesStore } from '../../../../src/renderer/stores/profiles'

const info = {
  version: '1.0.0',
  shell: 'browser',
  platform: 'linux',
  dataDir: '/tmp/x',
  systemLocale: 'zh-CN',
  keychain: { available: false, backend: 'memory' },
}

function deferred<T>() {
  let resolve!: (v: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const profile = (id: string, name: string) => ({
  id,
  name,
  kind: id === 'sandbox' ? 'sandbox' : 'remote',
  builtIn: id === 'sandbox',
  baseUrl: 'http://127.0.0.1',
  tokenUrl: '',
  orderAppKey: '',
  memberAppKey: '',
  userLogin: '',
  operatorIdentity: '',
  channelCode: '',
  channelCustomerId: '',
  enterpriseGlobalId: '',
  secrets: Object.fromEntries(SECRET_NAMES.map((n) => [n, false])),
  createdAt: 0,
  updatedAt: 0,
})

beforeEach(() => setActivePinia(createPinia()))
afterEach(() => installBridge(null))

describe('app store', () => {
  it('follows the system language until the user picks one', async () => {
    installBridge({
      shell: 'browser',
      invoke: async (ch) => ({ ok: true, value: ch === 'app.info' ? info : DEFAULT_SETTINGS }),
      onEvent: () => () => {},
    })
    const app = useAppStore()
    await app.load()
    expect(app.localePreference).toBe('system')
    expect(app.locale).toBe('zh-CN')
    expect(app.keychainAvailable).toBe(false)
  })

  it('applies a language at once, keeps it once stored, and goes back if storing fails', async () => {
    let answer = deferred<unknown>()
    installBridge({
      shell: 'browser',
      invoke: async (ch) => {
        if (ch === 'app.info') return { ok: true, value: info }
        if (ch === 'settings.get') return { ok: true, value: DEFAULT_SETTINGS }
        return answer.promise as never
      },
      onEvent: () => () => {},
    })
    const app = useAppStore()
    await app.load()

    const saving = app.setLocalePreference('en')
    expect(app.locale).toBe('en') // before the core answered
    answer.resolve({ ok: true, value: { ...DEFAULT_SETTINGS, locale: 'en' } })
    await saving
    expect(app.locale).toBe('en')

    answer = deferred<unknown>()
    const failing = app.setLocalePreference('zh-CN')
    expect(app.locale).toBe('zh-CN')
    answer.resolve({ ok: false, error: { code: 'app.storage', messageKey: 'app.storage', params: { detail: 'disk full' }, details: {} } })
    await expect(failing).rejects.toMatchObject({ code: 'app.storage' })
    expect(app.locale).toBe('en')
  })

  it('keeps a load failure for the page to show with a retry', async () => {
    installBridge({
      shell: 'browser',
      invoke: async () => ({ ok: false, error: { code: 'app.coreUnavailable', messageKey: 'app.coreUnavailable', params: {}, details: {} } }),
      onEvent: () => () => {},
    })
    const app = useAppStore()
    await app.load()
    expect(app.error?.code).toBe('app.coreUnavailable')
    expect(app.loading).toBe(false)
  })
})

describe('profiles store', () => {
  it('reloads the list when the core says profiles changed', async () => {
    let listeners: Array<(n: string, p: unknown) => void> = []
    let list = { profiles: [profile('sandbox', 'Sandbox')], activeId: 'sandbox' }
    installBridge({
      shell: 'browser',
      invoke: async () => ({ ok: true, value: list }),
      onEvent: (l) => {
        listeners.push(l)
        return () => (listeners = listeners.filter((x) => x !== l))
      },
    })
    const store = useProfilesStore()
    await store.load()
    expect(store.isSandboxActive).toBe(true)
    list = { profiles: [profile('sandbox', 'Sandbox'), profile('p2', 'Branch')], activeId: 'p2' }
    listeners.forEach((l) => l('profiles.changed', { activeId: 'p2' }))
    await new Promise((r) => setTimeout(r, 0))
    expect(store.profiles.map((p) => p.name)).toEqual(['Sandbox', 'Branch'])
    expect(store.active?.name).toBe('Branch')
    expect(store.isSandboxActive).toBe(false)
  })
})
