import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DOMWrapper, flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import ElementPlus from 'element-plus'
import { createPinia, setActivePinia } from 'pinia'
import type { RawBridge } from '@shared/ipc/bridge'
import type { ProfileView, SecretName } from '@shared/ipc/channels/profiles'
import { installBridge } from '../../../../src/renderer/bridge'
import { applyLocale, i18n } from '../../../../src/renderer/i18n'
import ProfileDialog from '../../../../src/renderer/views/settings/ProfileDialog.vue'
import { NO_SECRETS, profileView } from './profile-view-fixture'
import { waitFor } from '../../../support/wait'

type Call = { channel: string; input: unknown }
type Answer = (input: unknown) => unknown

/** The dialog's draft as the draft store keeps it (drafts.*: answered here, not counted among the calls). */
let draftBody: { target: string; fields: Record<string, string> } | null = null
let draftRevision = 0
function draftAnswer(channel: string, input: unknown): Awaited<ReturnType<RawBridge['invoke']>> {
  if (channel === 'drafts.get') {
    if (!draftBody) return { ok: false, error: { code: 'app.notFound', messageKey: 'app.notFound', params: {}, details: {} } }
    return { ok: true, value: { id: 'form:profile', kind: 'profileForm', profileId: null, name: '', revision: draftRevision, createdAt: 0, updatedAt: 0, removedAt: null, summary: {}, body: draftBody } }
  }
  draftBody = (input as { body: typeof draftBody }).body
  draftRevision++
  return { ok: true, value: { id: 'form:profile', kind: 'profileForm', profileId: null, name: '', revision: draftRevision, createdAt: 0, updatedAt: 0, removedAt: null, summary: {} } }
}

/** A core stand-in: records calls, answers per channel. */
function fakeCore(answers: Record<string, Answer>) {
  const calls: Call[] = []
  const bridge: RawBridge = {
    shell: 'electron',
    async invoke(channel, input) {
      if (channel.startsWith('drafts.')) return draftAnswer(channel, input)
      calls.push({ channel, input })
      const answer = answers[channel]
      if (!answer) return { ok: false, error: { code: 'app.internal', messageKey: 'app.internal', params: {}, details: {} } }
      return answer(input) as Awaited<ReturnType<RawBridge['invoke']>>
    },
    onEvent: () => () => {},
  }
  return { bridge, calls }
}

const withSecrets = (set: Partial<Record<SecretName, boolean>>) => ({ ...NO_SECRETS, ...set })

const view = profileView

const $ = (sel: string) => {
  const el = document.querySelector(sel)
  if (!el) throw new Error(`not found: ${sel}`)
  return new DOMWrapper(el)
}
/** Element Plus puts extra attributes on the <input> itself; secret fields carry theirs on the form item. */
const input = (testId: string) => $(testId.startsWith('secret-') ? `[data-testid="${testId}"] input` : `[data-testid="${testId}"]`)
const dialogText = () => document.querySelector('[data-testid="profile-dialog"]')?.textContent ?? ''
const dialogOpen = () => {
  const el = document.querySelector<HTMLElement>('[data-testid="profile-dialog"]')
  return el !== null && el.closest<HTMLElement>('.el-overlay')?.style.display !== 'none'
}

let wrapper: VueWrapper | undefined
const visibleProp = (w: VueWrapper) => (w.props() as { visible?: boolean }).visible

async function open(profile: ProfileView | null): Promise<VueWrapper> {
  wrapper = mount(ProfileDialog, {
    props: { visible: false, profile, 'onUpdate:visible': (v: boolean) => wrapper?.setProps({ visible: v }) },
    global: { plugins: [ElementPlus, i18n] },
    attachTo: document.body,
  })
  await wrapper.setProps({ visible: true })
  await flushPromises()
  return wrapper
}

beforeEach(() => {
  setActivePinia(createPinia())
  applyLocale('en')
  draftBody = null
  draftRevision = 0
})

afterEach(() => {
  wrapper?.unmount()
  wrapper = undefined
  document.body.innerHTML = ''
  installBridge(null)
})

describe('ProfileDialog', () => {
  it('brings a half-filled dialog back after a reload, secrets aside', async () => {
    const core = fakeCore({})
    installBridge(core.bridge)
    const first = await open(null)
    await input('field-name').setValue('Half done')
    await input('field-baseUrl').setValue('https://lic.example.com')
    await input('secret-orderAppSecret').setValue('s3cret')
    await flushPromises()
    await waitFor(() => expect(draftBody).toMatchObject({ target: 'new', fields: { name: 'Half done', baseUrl: 'https://lic.example.com' } }))
    expect(JSON.stringify(draftBody)).not.toContain('s3cret')

    // The page is loaded again: the dialog asks to be opened again, with what was typed.
    first.unmount()
    document.body.innerHTML = ''
    const resume = vi.fn()
    wrapper = mount(ProfileDialog, {
      props: { visible: false, profile: null, onResume: resume, 'onUpdate:visible': (v: boolean) => wrapper?.setProps({ visible: v }) },
      global: { plugins: [ElementPlus, i18n] },
      attachTo: document.body,
    })
    await flushPromises()
    expect(resume).toHaveBeenCalledWith('new')
    await wrapper.setProps({ visible: true })
    await flushPromises()
    expect((input('field-name').element as HTMLInputElement).value).toBe('Half done')
    expect((input('field-baseUrl').element as HTMLInputElement).value).toBe('https://lic.example.com')
    expect((input('secret-orderAppSecret').element as HTMLInputElement).value).toBe('')
    expect($('[data-testid="profile-restored"]').text()).toContain('secrets are never kept')
    expect(core.calls).toEqual([])
  })

  it('says at the name field that it takes at most 60 characters', async () => {
    installBridge(fakeCore({}).bridge)
    await open(null)
    await input('field-name').setValue('x'.repeat(60))
    await waitFor(() => expect($('[data-testid="field-name-limit"]').text()).toBe('At most 60 characters.'))
  })

  it('checks the form before calling the core, and shows the problems on the fields', async () => {
    const core = fakeCore({})
    installBridge(core.bridge)
    await open(null)
    await input('field-baseUrl').setValue('licensing.example.com')
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(core.calls).toEqual([])
    // Element Plus shows each field's error after a short debounce of its own: wait for both.
    await waitFor(() => {
      expect(dialogText()).toContain('Required.')
      expect(dialogText()).toContain('Enter an address starting with http:// or https://.')
    })
    expect(dialogOpen()).toBe(true)
  })

  it('keeps everything typed when the core refuses, shows why on the field, and saves on the next try', async () => {
    let refuse = true
    const core = fakeCore({
      'profiles.create': (raw) => {
        const inp = raw as { fields: { name: string }; secrets: Record<string, string> }
        if (refuse) {
          return {
            ok: false,
            error: {
              code: 'app.conflict',
              messageKey: 'app.conflict',
              params: { what: inp.fields.name },
              details: { issues: [{ path: 'fields.name', message: 'a connection with this name already exists' }] },
            },
          }
        }
        return { ok: true, value: view({ name: inp.fields.name, secrets: withSecrets({ orderAppSecret: true }) }) }
      },
    })
    installBridge(core.bridge)
    const w = await open(null)
    await input('field-name').setValue('Head office')
    await input('field-baseUrl').setValue('https://lic.example.com')
    await input('secret-orderAppSecret').setValue('s3cret')
    await input('field-baseUrl').trigger('keydown', { key: 'Enter' })
    await flushPromises()

    expect(core.calls).toHaveLength(1)
    expect(core.calls[0]!.input).toMatchObject({
      fields: { name: 'Head office', baseUrl: 'https://lic.example.com' },
      secrets: { orderAppSecret: 's3cret' },
    })
    expect(dialogOpen()).toBe(true)
    expect((input('field-name').element as HTMLInputElement).value).toBe('Head office')
    expect((input('secret-orderAppSecret').element as HTMLInputElement).value).toBe('s3cret')
    expect($('[data-testid="profile-save-error"]').text()).toContain('Not saved. Everything you typed is still here.')
    await waitFor(() => expect(dialogText()).toContain('Already exists: Head office'))
    expect(w.emitted('saved')).toBeUndefined()

    refuse = false
    await input('field-name').setValue('Branch office')
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(core.calls).toHaveLength(2)
    expect(w.emitted('saved')?.[0]?.[0]).toMatchObject({ name: 'Branch office' })
    expect(visibleProp(w)).toBe(false)
  })

  it('sends only the changed fields, then each changed secret (a clear as null)', async () => {
    const core = fakeCore({
      'profiles.update': (raw) => ({ ok: true, value: view({ ...(raw as { fields: object }).fields }) }),
      'profiles.setSecret': (raw) => {
        const r = raw as { name: string; value: string | null }
        return { ok: true, value: view({ secrets: withSecrets({ orderAppSecret: r.value !== null }) }) }
      },
    })
    installBridge(core.bridge)
    await open(view({ secrets: withSecrets({ orderAppSecret: true }) }))
    await input('field-userLogin').setValue('operator2')
    await $('[data-testid="secret-orderAppSecret"] .el-button--danger').trigger('click')
    await input('secret-userPassword').setValue('pw-123456')
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(core.calls.map((c) => [c.channel, c.input])).toEqual([
      ['profiles.update', { id: 'p1', fields: { userLogin: 'operator2' } }],
      ['profiles.setSecret', { id: 'p1', name: 'orderAppSecret', value: null }],
      ['profiles.setSecret', { id: 'p1', name: 'userPassword', value: 'pw-123456' }],
    ])
  })

  it('does not resend secrets already saved when a later one failed', async () => {
    let failPassword = true
    const core = fakeCore({
      'profiles.setSecret': (raw) => {
        const r = raw as { name: string }
        if (r.name === 'userPassword' && failPassword) {
          return { ok: false, error: { code: 'app.keychain', messageKey: 'app.keychain', params: { detail: 'locked' }, details: {} } }
        }
        return { ok: true, value: view() }
      },
    })
    installBridge(core.bridge)
    await open(view())
    await input('secret-memberAppSecret').setValue('m-secret')
    await input('secret-userPassword').setValue('pw-123456')
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(dialogOpen()).toBe(true)
    expect($('[data-testid="profile-save-error"]').text()).toContain('The profile was saved, but some secrets were not.')
    expect($('[data-testid="profile-save-error"]').text()).toContain('The system keychain failed: locked')
    expect((input('secret-userPassword').element as HTMLInputElement).value).toBe('pw-123456')

    failPassword = false
    core.calls.length = 0
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(core.calls.map((c) => (c.input as { name: string }).name)).toEqual(['userPassword'])
  })

  it('asks before closing with unsaved changes, and keeps them when the user keeps editing', async () => {
    installBridge(fakeCore({}).bridge)
    const w = await open(null)
    await input('field-name').setValue('Half typed')
    await $('[data-testid="profile-dialog"] .el-dialog__headerbtn').trigger('click')
    // The confirmation box is loaded on its first use, so it appears after an import, not on the next tick.
    await waitFor(() => expect(document.body.textContent).toContain('Close the form and lose what you typed?'))
    const keep = [...document.querySelectorAll('.el-message-box button')].find((b) => b.textContent?.includes('Keep editing'))
    expect(keep).toBeDefined()
    ;(keep as HTMLButtonElement).click()
    // Give a wrong close every chance to happen (Element Plus closes on a timer).
    await new Promise((r) => setTimeout(r, 100))
    expect(dialogOpen()).toBe(true)
    expect(visibleProp(w)).toBe(true)
    expect((input('field-name').element as HTMLInputElement).value).toBe('Half typed')
  })

  it('closes at once when nothing was changed', async () => {
    installBridge(fakeCore({}).bridge)
    await open(view())
    await $('[data-testid="profile-dialog"] .el-dialog__headerbtn').trigger('click')
    // jsdom runs no leave transition, so the overlay hiding is the sign the dialog closed.
    await waitFor(() => expect(dialogOpen()).toBe(false))
    expect(document.body.textContent).not.toContain('Close the form and lose what you typed?')
  })

  it('locks the managed fields of the built-in Sandbox and offers no secret inputs', async () => {
    installBridge(fakeCore({}).bridge)
    await open(view({ id: 'sandbox', kind: 'sandbox', builtIn: true, name: 'Sandbox' }))
    expect((input('field-name').element as HTMLInputElement).disabled).toBe(true)
    expect((input('field-baseUrl').element as HTMLInputElement).disabled).toBe(true)
    expect((input('field-channelCode').element as HTMLInputElement).disabled).toBe(false)
    expect(document.querySelector('[data-testid="secret-orderAppSecret"]')).toBeNull()
    expect(dialogText()).toContain('The Sandbox uses its built-in demo credentials')
  })

  it('offers the unencrypted switch only for plain http:// to another machine, refuses until ticked, then warns', async () => {
    const core = fakeCore({
      'profiles.create': (raw) => ({ ok: true, value: view({ name: (raw as { fields: { name: string } }).fields.name, allowInsecureHttp: true }) }),
    })
    installBridge(core.bridge)
    await open(null)
    await input('field-name').setValue('Branch')
    await input('field-baseUrl').setValue('https://lic.example.com')
    await flushPromises()
    expect(document.querySelector('[data-testid="field-allowInsecureHttp"]')).toBeNull()

    await input('field-baseUrl').setValue('http://10.1.2.3:8080')
    await flushPromises()
    expect(document.querySelector('[data-testid="insecure-warning"]')).toBeNull()
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(core.calls).toEqual([])
    await waitFor(() => expect(dialogText()).toContain('the credentials would cross the network unencrypted'))

    await $('[data-testid="field-allowInsecureHttp"] input').setValue(true)
    await flushPromises()
    expect($('[data-testid="insecure-warning"]').text()).toContain('travel unencrypted')
    await $('[data-testid="profile-save"]').trigger('click')
    await flushPromises()
    expect(core.calls).toHaveLength(1)
    expect(core.calls[0]!.input).toMatchObject({ fields: { baseUrl: 'http://10.1.2.3:8080', allowInsecureHttp: true } })
  })
})
