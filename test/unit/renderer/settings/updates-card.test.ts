import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import { createPinia, setActivePinia } from 'pinia'
import type { UpdateStatus } from '@shared/ipc/channels/app'
import { DEFAULT_SETTINGS } from '@shared/settings'
import { installBridge } from '../../../../src/renderer/bridge'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import { useAppStore } from '../../../../src/renderer/stores/app'
import UpdatesCard from '../../../../src/renderer/views/settings/UpdatesCard.vue'
import { fakeCore } from '../support/fake-core'
import { waitFor } from '../../../support/wait'

const base: UpdateStatus = { version: '0.1.0', phase: 'idle', feedUrl: DEFAULT_SETTINGS.updates.feedUrl, installOnQuit: false }

beforeEach(() => {
  setActivePinia(createPinia())
  applyLocale('en')
})
afterEach(() => {
  installBridge(null)
  document.body.innerHTML = ''
})

async function card(status: UpdateStatus, onAction: (input: { action: string; when?: string }) => UpdateStatus = () => status) {
  const core = fakeCore({
    'app.updates': (input: { action: string; when?: string }) => (input.action === 'status' ? status : onAction(input)),
    'settings.update': (patch: { updates?: { feedUrl: string } }) => ({ ...DEFAULT_SETTINGS, updates: { ...DEFAULT_SETTINGS.updates, ...patch.updates } }),
  })
  installBridge(core)
  const store = useAppStore()
  store.info = { version: '0.1.0', shell: 'electron', platform: 'linux', dataDir: '/d', systemLocale: 'en', keychain: { available: true, backend: 'x' } }
  store.settings = DEFAULT_SETTINGS
  const wrapper = mount(UpdatesCard, { global: { plugins: [ElementPlus, i18n] } })
  await flushPromises()
  return { wrapper, core }
}

describe('Settings: updates', () => {
  it('shows the version and a downloaded update, and installs only when the user says', async () => {
    const ready: UpdateStatus = { ...base, phase: 'ready', latest: '0.2.0' }
    const { wrapper, core } = await card(ready, (input) => (input.action === 'install' && input.when === 'onQuit' ? { ...ready, installOnQuit: true } : ready))
    expect(wrapper.get('[data-testid="updates-version"]').text()).toBe('This version: 0.1.0')
    expect(wrapper.get('[data-testid="updates-state"]').text()).toBe('Version 0.2.0 is downloaded. It is installed only when you say so.')
    expect(core.calls.map((c) => c.input)).toEqual([{ action: 'status' }])
    await wrapper.get('[data-testid="updates-install-on-quit"]').trigger('click')
    await flushPromises()
    expect(core.calls.at(-1)?.input).toEqual({ action: 'install', when: 'onQuit' })
    expect(wrapper.get('[data-testid="updates-state"]').text()).toBe('Version 0.2.0 will be installed when you quit the app.')
    expect(wrapper.find('[data-testid="updates-install-on-quit"]').exists()).toBe(false)
  })

  it('an unreachable feed is said in words, in English and Chinese', async () => {
    const { wrapper } = await card({ ...base, phase: 'failed', problem: 'unreachable' })
    expect(wrapper.get('[data-testid="updates-state"]').text()).toMatch(/^The update feed cannot be reached\./)
    applyLocale('zh-CN')
    await flushPromises()
    expect(wrapper.get('[data-testid="updates-state"]').text()).toMatch(/^无法连接更新源。/)
    expect(wrapper.get('[data-testid="updates-version"]').text()).toBe('当前版本：0.1.0')
  })

  it('a check on demand; a wrong feed address is said at the field and not saved', async () => {
    const { wrapper, core } = await card(base, () => ({ ...base, phase: 'upToDate' }))
    await wrapper.get('[data-testid="updates-check"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="updates-state"]').text()).toBe('You have the latest version.')
    const field = wrapper.get('[data-testid="setting-updates-feedUrl"]')
    await field.setValue('ftp://example.com/feed')
    await field.trigger('blur')
    await flushPromises()
    // Element Plus shows a form item's error a render after it is set.
    await waitFor(() => expect(wrapper.find('.el-form-item__error').text()).toBe('Enter an http or https address.'))
    expect(core.calls.some((c) => c.channel === 'settings.update')).toBe(false)
    await field.setValue('https://intranet.example/desk/')
    await field.trigger('blur')
    await flushPromises()
    expect(core.calls.find((c) => c.channel === 'settings.update')?.input).toEqual({ updates: { feedUrl: 'https://intranet.example/desk/' } })
  })

  it('browser mode: updates come with the installed app, no check, no feed field', async () => {
    const { wrapper } = await card({ ...base, phase: 'unsupported' })
    expect(wrapper.get('[data-testid="updates-state"]').text()).toMatch(/^Updates come with the installed app/)
    expect(wrapper.find('[data-testid="updates-check"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="setting-updates-feedUrl"]').exists()).toBe(false)
  })
})
