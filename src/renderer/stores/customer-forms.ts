/**
 * The Customers area's forms (bind, create, update, and the book's edit dialog), each kept in the draft store
 * under a fixed id as the user types, with where its send stands. Bind and create are creates: the draft says
 * "sending" (on disk) before the call goes, so a restart in the middle shows a send to check, never one to
 * repeat blindly. A bind whose outcome is unknown is checked on the service (order operation 3); a create cannot
 * be checked, so the screen says what to check and only an explicit "send anyway" sends it again.
 */
import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import { BIND_FIELDS, CREATE_FIELDS, CUSTOMER_TEXT_FIELDS, type CustomerTextField } from '@shared/customers/fields'
import { CUSTOMER_FORM_DRAFT_IDS, type CreateDraft } from '@shared/customers/drafts'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import { errorData } from '../api/errors'
import { bindCustomer, checkBind, createCustomer, searchCustomers, updateCustomer } from '../api/customers'
import { draftForm } from './draft-form'
import { useProfilesStore } from './profiles'
import { emptyFields, sendMayHaveHappened, trimmed } from '../models/customers/customer-form'

const sendState = () => ({ state: 'editing' as const, sentAt: null, profileId: null, error: null })

export const useCustomerFormsStore = defineStore('customerForms', () => {
  const profiles = useProfilesStore()
  const profileId = (): string | undefined => profiles.activeId || undefined

  const bind = draftForm('customers.bind', CUSTOMER_FORM_DRAFT_IDS.bind, () => ({ fields: emptyFields(BIND_FIELDS), ...sendState(), result: null, reconciled: false }))
  const create = draftForm('customers.create', CUSTOMER_FORM_DRAFT_IDS.create, () => ({ fields: emptyFields(CREATE_FIELDS), ...sendState(), result: null }))
  const update = draftForm('customers.update', CUSTOMER_FORM_DRAFT_IDS.update, () => ({ fields: emptyFields(CREATE_FIELDS), ...sendState(), updated: null }))
  const edit = draftForm('customers.edit', CUSTOMER_FORM_DRAFT_IDS.edit, () => ({ id: null, fields: emptyFields(CUSTOMER_TEXT_FIELDS), customerType: null, open: false }))

  /** Loads every form (once); a send interrupted by a restart is settled as far as it can be. */
  async function load(): Promise<void> {
    await Promise.all([bind.load(), create.load(), update.load(), edit.load()])
    if (bind.body.state === 'sending') {
      bind.body.state = 'unknown'
      await checkBound()
    }
    if (create.body.state === 'sending') await settleInterruptedCreate()
    // An update is safe to repeat: an interrupted one is simply shown for sending again.
    if (update.body.state === 'sending') update.body.state = 'editing'
    bindDefaults()
  }

  /** An empty bind form takes the connection's channel code, as Find and the order wizard do. */
  function bindDefaults(): void {
    const b = bind.body
    if (b.state === 'editing' && !b.fields.channelCode.trim()) b.fields.channelCode = profiles.channelOf().channelCode
  }

  // ---- bind (order operation 1) ----------------------------------------------------------------------------
  const binding = computed(() => bind.body.state === 'sending')

  async function sendBind(): Promise<void> {
    const b = bind.body
    const pid = profileId()
    Object.assign(b, { state: 'sending', sentAt: Date.now(), profileId: pid ?? null, error: null, result: null, reconciled: false })
    await bind.flush()
    try {
      const r = await bindCustomer({ ...(pid ? { profileId: pid } : {}), fields: trimmed(b.fields) })
      if (r.outcome === 'done') Object.assign(b, { state: 'done', result: r.customer, reconciled: r.reconciled, error: null })
      else Object.assign(b, { state: r.outcome, error: r.error })
    } catch (err) {
      const e = errorData(err)
      Object.assign(b, { state: sendMayHaveHappened(e) ? 'unknown' : 'editing', error: e })
    }
    await bind.flush()
  }

  /** After an unknown bind: reads back on the same service whether the channel customer is bound now. */
  const checkingBind = ref(false)
  async function checkBound(): Promise<void> {
    checkingBind.value = true
    const b = bind.body
    const pid = b.profileId ?? profileId()
    try {
      const r = await checkBind({ ...(pid ? { profileId: pid } : {}), channelCode: b.fields.channelCode.trim(), channelCustomerId: b.fields.channelCustomerId.trim() })
      if (r.customer) Object.assign(b, { state: 'done', result: r.customer, reconciled: true, error: null })
      else Object.assign(b, { state: 'notDone' })
    } catch (err) {
      Object.assign(b, { state: 'unknown', error: errorData(err) })
    } finally {
      checkingBind.value = false
    }
    await bind.flush()
  }

  /** A new, empty bind form. */
  function newBind(): void {
    Object.assign(bind.body, { fields: emptyFields(BIND_FIELDS), ...sendState(), result: null, reconciled: false })
    bindDefaults()
  }

  // ---- create (order operation 2) --------------------------------------------------------------------------
  async function sendCreate(): Promise<void> {
    const c = create.body
    const pid = profileId()
    Object.assign(c, { state: 'sending', sentAt: Date.now(), profileId: pid ?? null, error: null, result: null })
    await create.flush()
    try {
      const f = trimmed(c.fields)
      const r = await createCustomer({ ...(pid ? { profileId: pid } : {}), fields: { crmCustomerId: f.crmCustomerId, customerName: f.customerName, branchName: f.branchName, ...(f.address ? { address: f.address } : {}) } })
      if (r.outcome === 'done') Object.assign(c, { state: 'done', result: r, error: null })
      else Object.assign(c, { state: 'unknown', error: r.error })
    } catch (err) {
      const e = errorData(err)
      Object.assign(c, { state: sendMayHaveHappened(e) ? 'unknown' : 'editing', error: e })
    }
    await create.flush()
  }

  /**
   * A create the app stopped in the middle of: if the core got its answer, the book has the new customer (kept
   * when the answer came); otherwise the outcome is unknown.
   */
  async function settleInterruptedCreate(): Promise<void> {
    const c = create.body
    const crm = c.fields.crmCustomerId.trim()
    try {
      const r = await searchCustomers({ ...(c.profileId ? { profileId: c.profileId } : {}), query: crm, limit: 20 })
      const hit = r.customers.find((x) => x.crmCustomerId === crm && x.lastSeenBy === 'created' && (x.lastSeenAt ?? 0) >= (c.sentAt ?? 0))
      if (hit) {
        c.state = 'done'
        c.result = resultOf(hit)
        c.error = null
      } else {
        c.state = 'unknown'
      }
    } catch (err) {
      Object.assign(c, { state: 'unknown', error: errorData(err) })
    }
    await create.flush()
  }

  /** The user checked and wants it sent again although the first may have gone through. */
  function sendCreateAnyway(): Promise<void> {
    return sendCreate()
  }

  function newCreate(): void {
    Object.assign(create.body, { fields: emptyFields(CREATE_FIELDS), ...sendState(), result: null })
  }

  // ---- update (order operation 4) --------------------------------------------------------------------------
  async function sendUpdate(): Promise<void> {
    const u = update.body
    const pid = profileId()
    Object.assign(u, { state: 'sending', sentAt: Date.now(), profileId: pid ?? null, error: null, updated: null })
    try {
      const f = trimmed(u.fields)
      const r = await updateCustomer({ ...(pid ? { profileId: pid } : {}), fields: { crmCustomerId: f.crmCustomerId, customerName: f.customerName, branchName: f.branchName, ...(f.address ? { address: f.address } : {}) } })
      Object.assign(u, { state: 'done', updated: r.customers.length, error: null })
    } catch (err) {
      Object.assign(u, { state: 'editing', error: errorData(err) })
    }
    await update.flush()
  }

  /** The update form filled from a customer of the book (its CRM id, name, branch and address). */
  function updateFrom(c: CustomerRecord): void {
    Object.assign(update.body, {
      fields: { crmCustomerId: c.crmCustomerId ?? '', customerName: c.customerName ?? '', branchName: c.branchName ?? '', address: c.address ?? '' },
      ...sendState(),
      updated: null,
    })
  }

  // ---- the book's edit dialog ------------------------------------------------------------------------------
  /** Opens the edit dialog on a customer, or on a new one with what the user typed elsewhere (a picker's text). */
  function startEdit(c: CustomerRecord | null, typed: Partial<Record<CustomerTextField, string>> = {}): void {
    const fields = emptyFields(CUSTOMER_TEXT_FIELDS)
    if (c) for (const f of CUSTOMER_TEXT_FIELDS) fields[f] = c[f] ?? ''
    else Object.assign(fields, typed)
    Object.assign(edit.body, { id: c?.id ?? null, fields, customerType: c?.customerType ?? null, open: true })
  }

  function closeEdit(): void {
    edit.body.open = false
  }

  return {
    bind,
    create,
    update,
    edit,
    binding,
    checkingBind,
    load,
    sendBind,
    checkBound,
    newBind,
    sendCreate,
    sendCreateAnyway,
    newCreate,
    sendUpdate,
    updateFrom,
    startEdit,
    closeEdit,
  }
})

/** A create's result as the book knows it (for a create settled after a restart). */
function resultOf(c: CustomerRecord): NonNullable<CreateDraft['result']> {
  return { outcome: 'done', enterpriseGlobalId: c.enterpriseGlobalId, defaultType: c.isDefault, members: c.members, customer: c, error: null }
}
