import { describe, expect, it } from 'vitest'
import type { ProfileView } from '@shared/ipc/channels/profiles'
import {
  emptyForm,
  errorsFromAppError,
  fieldPatch,
  formFromProfile,
  keepAllSecrets,
  needsInsecureConsent,
  secretChanges,
  secretsForCreate,
  validateProfileForm,
  validateSecrets,
  visibleSecretEdits,
  SECRET_MAX,
  type Translate,
} from '../../../../src/renderer/views/settings/profile-form'
import { NO_SECRETS, profileView } from './profile-view-fixture'

/** A translator that shows which key and params were chosen. */
const t: Translate = (key, params) => (params ? `${key} ${JSON.stringify(params)}` : key)

/** A profile with a member-group key and the order-group secret set. */
const view = (over: Partial<ProfileView> = {}): ProfileView =>
  profileView({ memberAppKey: 'mk', secrets: { ...NO_SECRETS, orderAppSecret: true }, ...over })

describe('validateProfileForm', () => {
  it('accepts a minimal profile and returns trimmed fields', () => {
    const r = validateProfileForm({ ...emptyForm(), name: '  Head office ', baseUrl: ' https://lic.example.com ' }, t)
    expect(r).toMatchObject({ ok: true, fields: { name: 'Head office', baseUrl: 'https://lic.example.com', tokenUrl: '' } })
  })

  it('maps each broken field to a message in the user language, one per field', () => {
    const r = validateProfileForm(
      { ...emptyForm(), name: '   ', baseUrl: 'ftp://x', tokenUrl: 'not a url', orderAppKey: 'k'.repeat(201) },
      t,
    )
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.errors).toEqual({
      name: 'validation.required',
      baseUrl: 'validation.url',
      tokenUrl: 'validation.url',
      orderAppKey: 'validation.tooLong {"max":200}',
    })
  })

  it('requires the address', () => {
    const r = validateProfileForm({ ...emptyForm(), name: 'x' }, t)
    expect(r.ok ? {} : r.errors).toEqual({ baseUrl: 'validation.required' })
  })

  it('limits the name to 60 characters as the core does', () => {
    const ok = validateProfileForm({ ...emptyForm(), name: 'n'.repeat(60), baseUrl: 'https://h' }, t)
    const bad = validateProfileForm({ ...emptyForm(), name: 'n'.repeat(61), baseUrl: 'https://h' }, t)
    expect(ok.ok).toBe(true)
    expect(bad.ok ? {} : bad.errors).toEqual({ name: 'validation.tooLong {"max":60}' })
  })
})

describe('secrets', () => {
  it('sends replacements with a value and clears; an empty replacement leaves the secret alone', () => {
    const edits = {
      ...keepAllSecrets(),
      orderAppSecret: { mode: 'replace', value: 's1' },
      memberAppSecret: { mode: 'replace', value: '' },
      userToken: { mode: 'clear' },
    } as const
    expect(secretChanges(edits)).toEqual([
      { name: 'orderAppSecret', value: 's1' },
      { name: 'userToken', value: null },
    ])
    expect(secretsForCreate(edits)).toEqual({ orderAppSecret: 's1' })
  })

  it('ignores what was typed in the pasted-token fields while that section is hidden', () => {
    const edits = {
      ...keepAllSecrets(),
      orderAppSecret: { mode: 'replace', value: 's1' },
      orderAccessToken: { mode: 'replace', value: 'tok' },
      userToken: { mode: 'clear' },
    } as const
    expect(secretChanges(visibleSecretEdits(edits, false))).toEqual([{ name: 'orderAppSecret', value: 's1' }])
    expect(secretChanges(visibleSecretEdits(edits, true))).toEqual([
      { name: 'orderAppSecret', value: 's1' },
      { name: 'orderAccessToken', value: 'tok' },
      { name: 'userToken', value: null },
    ])
  })

  it('rejects a secret longer than the core accepts', () => {
    const edits = { ...keepAllSecrets(), userPassword: { mode: 'replace', value: 'x'.repeat(SECRET_MAX + 1) } } as const
    expect(validateSecrets(edits, t)).toEqual({ userPassword: `validation.tooLong {"max":${SECRET_MAX}}` })
    expect(validateSecrets({ ...edits, userPassword: { mode: 'replace', value: 'x'.repeat(SECRET_MAX) } }, t)).toEqual({})
  })
})

describe('fieldPatch', () => {
  it('contains only the changed fields', () => {
    const p = view()
    const fields = { ...formFromProfile(p), userLogin: 'other', tokenUrl: '', allowInsecureHttp: false }
    expect(fieldPatch(p, fields)).toEqual({ userLogin: 'other' })
  })

  it('never sends the managed fields of the built-in Sandbox', () => {
    const p = view({ id: 'sandbox', kind: 'sandbox', builtIn: true, name: 'Sandbox' })
    const fields = { ...formFromProfile(p), name: 'Renamed', baseUrl: 'http://elsewhere', channelCode: 'DEMO', allowInsecureHttp: false }
    expect(fieldPatch(p, fields)).toEqual({ channelCode: 'DEMO' })
  })
})

describe('errorsFromAppError', () => {
  const describe_ = () => 'Already exists: Head office'

  it('puts a name conflict on the name field in the user language', () => {
    const data = {
      code: 'app.conflict',
      messageKey: 'app.conflict',
      params: { what: 'Head office' },
      details: { issues: [{ path: 'fields.name', message: 'a connection with this name already exists' }] },
    }
    expect(errorsFromAppError(data, t, describe_)).toEqual({ name: 'Already exists: Head office' })
  })

  it('maps the core validation issues on fields and secrets, first one per field', () => {
    const data = {
      code: 'app.invalidInput',
      messageKey: 'app.invalidInput',
      params: { detail: '…' },
      details: {
        issues: [
          { path: 'fields.baseUrl', message: 'must be an http:// or https:// address' },
          { path: 'fields.baseUrl', message: 'second' },
          { path: 'secrets.userToken', message: 'Too big' },
          { path: 'id', message: 'ignored: not a form field' },
        ],
      },
    }
    expect(errorsFromAppError(data, t, describe_)).toEqual({
      baseUrl: 'validation.invalid {"message":"must be an http:// or https:// address"}',
      userToken: 'validation.invalid {"message":"Too big"}',
    })
  })

  it('gives nothing for an error without issues (shown above the form instead)', () => {
    expect(errorsFromAppError({ code: 'app.network', messageKey: 'app.network', params: {}, details: {} }, t, describe_)).toEqual({})
  })
})

describe('plain http:// to another machine (credentials in clear)', () => {
  const remote = { ...emptyForm(), name: 'Branch', baseUrl: 'http://10.1.2.3:8080' }

  it('is refused at the address with its own sentence until the switch is on, and the switch is offered', () => {
    expect(needsInsecureConsent(remote)).toBe(true)
    const r = validateProfileForm(remote, t)
    expect(r.ok ? {} : r.errors).toEqual({ baseUrl: 'validation.insecureAddress' })
    const ok = validateProfileForm({ ...remote, allowInsecureHttp: true }, t)
    expect(ok).toMatchObject({ ok: true, fields: { allowInsecureHttp: true } })
  })

  it('a token endpoint in clear needs it too; loopback and https never do', () => {
    const token = { ...emptyForm(), name: 'B', baseUrl: 'https://lic.example.com', tokenUrl: 'http://auth.example.com/token' }
    expect(needsInsecureConsent(token)).toBe(true)
    expect(validateProfileForm(token, t)).toMatchObject({ ok: false, errors: { tokenUrl: 'validation.insecureAddress' } })
    expect(needsInsecureConsent({ ...emptyForm(), baseUrl: 'http://127.0.0.1:9000' })).toBe(false)
    expect(needsInsecureConsent({ ...emptyForm(), baseUrl: 'https://lic.example.com' })).toBe(false)
  })

  it('the consent is part of the patch when it changes, and the core refusal lands at the field in words', () => {
    const original = view({ baseUrl: 'http://10.1.2.3', allowInsecureHttp: false })
    expect(fieldPatch(original, { ...formFromProfile(original), allowInsecureHttp: true })).toEqual({ allowInsecureHttp: true })
    expect(formFromProfile(view({ allowInsecureHttp: true })).allowInsecureHttp).toBe(true)
    const errors = errorsFromAppError(
      {
        code: 'app.insecureAddress',
        messageKey: 'app.insecureAddress',
        params: {},
        details: { issues: [{ path: 'fields.baseUrl', code: 'insecureAddress', message: 'plain http' }] },
      },
      t,
      () => 'described',
    )
    expect(errors).toEqual({ baseUrl: 'validation.insecureAddress' })
  })
})
