/**
 * A fresh book's hints: the picker's empty state offers the Sandbox's demo customers only for an empty Sandbox
 * book, and Customers › Bind starts with the connection's channel code, taken where Find and the order wizard
 * take it (the profiles store's `channelOf`), while a code the user typed stays.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { AppError } from '@shared/errors/app-error'
import { SECRET_NAMES } from '@shared/ipc/channels/profiles'
import { BIND_FIELDS } from '@shared/customers/fields'
import { CUSTOMER_FORM_DRAFT_IDS } from '@shared/customers/drafts'
import { installBridge } from '../../../../src/renderer/bridge'
import { useProfilesStore } from '../../../../src/renderer/stores/profiles'
import { useCustomerFormsStore } from '../../../../src/renderer/stores/customer-forms'
import { useCustomersStore } from '../../../../src/renderer/stores/customers'
import { emptyActions } from '../../../../src/renderer/components/customer-picker/picker-model'

const profile = (id: string, channelCode: string, channelCustomerId: string) => ({
  id,
  name: id,
  kind: id === 'sandbox' ? 'sandbox' : 'remote',
  builtIn: id === 'sandbox',
  baseUrl: 'http://127.0.0.1',
  tokenUrl: '',
  orderAppKey: '',
  memberAppKey: '',
  userLogin: '',
  operatorIdentity: '',
  channelCode,
  channelCustomerId,
  enterpriseGlobalId: '',
  secrets: Object.fromEntries(SECRET_NAMES.map((n) => [n, false])),
  createdAt: 0,
  updatedAt: 0,
})

/** Drafts kept by id (the forms' fixed ids). */
let drafts: Map<string, unknown>

beforeEach(() => {
  setActivePinia(createPinia())
  drafts = new Map()
  installBridge({
    shell: 'browser',
    async invoke(channel, input) {
      const i = input as Record<string, unknown>
      if (channel === 'profiles.list') return { ok: true, value: { profiles: [profile('sandbox', 'DEMO', 'DEMO-0001'), profile('p2', 'ACME-CH', 'A-1')], activeId: 'sandbox' } }
      if (channel === 'drafts.get') {
        const body = drafts.get(i['id'] as string)
        if (body === undefined) return { ok: false, error: AppError.app('app.notFound', { what: 'draft' }).toData() }
        return { ok: true, value: { id: i['id'], kind: 'customers.bind', profileId: null, name: '', revision: 1, createdAt: 0, updatedAt: 0, removedAt: null, summary: {}, body } }
      }
      return { ok: false, error: AppError.app('app.notFound', { what: channel }).toData() }
    },
    onEvent: () => () => undefined,
  })
})
afterEach(() => installBridge(null))

const bindBody = (channelCode: string) => ({
  fields: { ...Object.fromEntries(BIND_FIELDS.map((f) => [f, ''])), channelCode },
  state: 'editing',
  sentAt: null,
  profileId: null,
  error: null,
  result: null,
  reconciled: false,
})

describe('the connection’s channel, in one place', () => {
  it('channelOf gives the active connection’s pair, or a named one’s', async () => {
    const profiles = useProfilesStore()
    await profiles.load()
    expect(profiles.channelOf()).toEqual({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' })
    expect(profiles.channelOf('p2')).toEqual({ channelCode: 'ACME-CH', channelCustomerId: 'A-1' })
    const customers = useCustomersStore()
    customers.findDefaults()
    expect(customers.findInput).toMatchObject({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' })
  })

  it('Bind starts with the connection’s channel code (and again for a new bind); a typed code stays', async () => {
    await useProfilesStore().load()
    const forms = useCustomerFormsStore()
    await forms.load()
    expect(forms.bind.body.fields.channelCode).toBe('DEMO')
    // The channel customer to bind is a new one: never the connection's own.
    expect(forms.bind.body.fields.channelCustomerId).toBe('')
    forms.bind.body.fields.channelCode = ''
    forms.newBind()
    expect(forms.bind.body.fields.channelCode).toBe('DEMO')
  })

  it('a bind draft with a typed channel code keeps it', async () => {
    drafts.set(CUSTOMER_FORM_DRAFT_IDS.bind, bindBody('OTHER'))
    await useProfilesStore().load()
    const forms = useCustomerFormsStore()
    await forms.load()
    expect(forms.bind.body.fields.channelCode).toBe('OTHER')
  })
})

describe('the picker’s empty state', () => {
  it('offers the demo customers for an empty Sandbox book only; find and add always', () => {
    expect(emptyActions({ query: '', bookEmpty: true }, { sandbox: true, findOnService: true })).toEqual(['demo', 'find', 'add'])
    expect(emptyActions({ query: 'ACME', bookEmpty: false }, { sandbox: true, findOnService: true })).toEqual(['find', 'add'])
    expect(emptyActions({ query: 'ACME', bookEmpty: true }, { sandbox: false, findOnService: true })).toEqual(['find', 'add'])
    expect(emptyActions({ query: '', bookEmpty: true }, { sandbox: false, findOnService: false })).toEqual(['add'])
  })
})
