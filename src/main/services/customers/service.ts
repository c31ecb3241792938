/**
 * Order operations 1 to 4 for the Customers area, the picker and the CLI, with the book following what the service
 * says. Bind and create are creates (docs/decisions.md, "Retries and unknown outcomes"): the API client never
 * repeats them and marks a lost answer UNKNOWN in the journal. Here:
 * - bind: a lost answer is read back at once with operation 3 on the same channel pair; found means bound
 *   (reconciled), not found means nothing was bound (the user may send again), and a failed read-back leaves
 *   the outcome unknown for the user to check;
 * - create: nothing can read it back (operation 3 asks by channel customer, not by CRM id), so a lost answer
 *   stays unknown and the screen says what to check before sending again.
 * Nothing here resends anything.
 */
import { AppError, toAppErrorData } from '@shared/errors/app-error'
import type { BindEnterpriseBody, CreateEnterpriseBody } from '@shared/api/operations'
import type { EnterpriseCustomer } from '@shared/api/models'
import {
  CUSTOMER_TEXT_FIELDS,
  checkBookFields,
  checkBindFields,
  checkCreateFields,
  describeCustomerIssue,
  type BindFields,
  type CreateFields,
  type FieldIssues,
} from '@shared/customers/fields'
import type { InputIssue } from '@shared/errors/input-issues'
import type { RuleIssue } from '@shared/rules/issue'
import type { BindResult, CreateResult, CustomerRecord } from '@shared/ipc/channels/customers'
import { SANDBOX_DEMO, SANDBOX_DEMO_CUSTOMER_COMMON, SANDBOX_DEMO_CUSTOMERS, sandboxDemoCrmId } from '@shared/sandbox-demo'
import type { ApiClient } from '../../api/client'
import { SANDBOX_PROFILE_ID } from '../profiles'
import { reconcileBind } from '../../api/reconcile'
import type { CustomerBook, CustomerFieldValues } from './book'

export interface CustomerServiceDeps {
  book: CustomerBook
  /** The journaled API client of a profile. */
  clientFor(profileId: string): Promise<ApiClient>
}

/** A service record as the book keeps it. */
function fromService(r: EnterpriseCustomer): CustomerFieldValues {
  const f: CustomerFieldValues = {
    customerId: r.customerId,
    channelCode: r.channelCode,
    channelCustomerId: r.channelCustomerId,
    enterpriseGlobalId: r.enterpriseGlobalId,
    isDefault: r.isDefault,
  }
  if (r.enterpriseName) f.enterpriseName = r.enterpriseName
  return f
}

/**
 * A field problem as it crosses the core's boundary (`app.invalidInput`): the path the forms read
 * (`fields.<name>`), a code screens word themselves, and the English sentence for logs.
 */
function inputIssueOf(found: RuleIssue): InputIssue {
  const path = `fields.${found.field}`
  const message = describeCustomerIssue(found, 'en')
  if (found.rule === 'required') return { path, message, code: 'required' }
  if (found.rule === 'maxLength') return { path, message, code: 'tooLong', bound: Number(found.params?.['max'] ?? 0) }
  return { path, message, code: 'badFormat' }
}

/** `app.invalidInput` naming each field's problem (paths `fields.<name>`, as forms read them; see inputIssueOf). */
function fieldError<F extends string>(issues: FieldIssues<F>): AppError | null {
  const list = (Object.values(issues) as NonNullable<FieldIssues<F>[F]>[]).map(inputIssueOf)
  if (list.length === 0) return null
  return AppError.app('app.invalidInput', { detail: list.map((d) => d.message).join('; ') }, { issues: list })
}

export class CustomerService {
  constructor(private readonly deps: CustomerServiceDeps) {}

  get book(): CustomerBook {
    return this.deps.book
  }

  /**
   * Keeps a customer the user typed (no id), or changes fields of one in the book (absent fields stay). Each
   * value is checked with the book's rules; a customer must keep a name or an id.
   */
  async save(profileId: string, id: string | undefined, fields: CustomerFieldValues): Promise<CustomerRecord> {
    const current = id === undefined ? null : this.deps.book.get(id)
    const merged: Partial<Record<(typeof CUSTOMER_TEXT_FIELDS)[number], string>> = {}
    for (const f of CUSTOMER_TEXT_FIELDS) {
      const v = fields[f]
      merged[f] = v === undefined ? (current?.[f] ?? '') : (v ?? '')
    }
    const bad = fieldError(checkBookFields(merged))
    if (bad) throw bad
    return this.deps.book.save(current?.profileId ?? profileId, id, fields)
  }

  /** Operation 3: the customers of the enterprise a channel customer is bound to, kept in the book. */
  async find(profileId: string, q: { channelCode: string; channelCustomerId: string; defaultCustomer: 'Y' | 'N' }): Promise<CustomerRecord[]> {
    const client = await this.deps.clientFor(profileId)
    const records = await client.queryEnterprise(q)
    return this.deps.book.recordSeen(profileId, records.map(fromService), 'found')
  }

  /**
   * The sandbox's demo customers copied into the Sandbox profile's book (docs/decisions.md, "Customers"): from the
   * list the sandbox builds them from, with every field an order needs, without asking the service. Merged like a
   * file's rows, so a second time changes nothing and a removed one comes back.
   */
  addSandboxDemo(profileId: string): { added: number; customers: CustomerRecord[] } {
    if (profileId !== SANDBOX_PROFILE_ID) throw AppError.app('app.invalidInput', { detail: 'only the Sandbox profile has demo customers' })
    const rows: CustomerFieldValues[] = SANDBOX_DEMO_CUSTOMERS.map((d) => ({
      ...d,
      channelCode: SANDBOX_DEMO.channelCode,
      crmCustomerId: sandboxDemoCrmId(d.channelCustomerId),
      customerType: 'company',
      ...SANDBOX_DEMO_CUSTOMER_COMMON,
    }))
    const merged = this.deps.book.importRows(profileId, rows)
    return { added: merged.filter((m) => m.change === 'added').length, customers: merged.map((m) => m.record) }
  }

  /** Operation 1, with the read-back of a lost answer (see the module comment). */
  async bind(profileId: string, fields: BindFields): Promise<BindResult> {
    const bad = fieldError(checkBindFields(fields))
    if (bad) throw bad
    const body: BindEnterpriseBody = { ...fields, passwordMobile: fields.passwordMobile.replace(/[\s-]/g, '') }
    const client = await this.deps.clientFor(profileId)
    // What only the form knows about the customer (the answer is the service's record).
    const known: CustomerFieldValues = { customerName: fields.customerName, branchName: fields.branchName, passwordMobile: body.passwordMobile }
    try {
      const record = await client.bindEnterprise(body)
      const [customer] = this.deps.book.recordSeen(profileId, [{ ...known, ...fromService(record) }], 'bound')
      return { outcome: 'done', reconciled: false, customer: customer!, error: null }
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'app.unknownOutcome') throw err
      const lost = err.toData()
      try {
        const found = await reconcileBind(client, body)
        if (!found) return { outcome: 'notDone', reconciled: true, customer: null, error: lost }
        const [customer] = this.deps.book.recordSeen(profileId, [{ ...known, ...fromService(found) }], 'bound')
        return { outcome: 'done', reconciled: true, customer: customer!, error: null }
      } catch (readErr) {
        return { outcome: 'unknown', reconciled: false, customer: null, error: toAppErrorData(readErr) }
      }
    }
  }

  /** Reads back whether a channel customer is bound now (after an unknown bind); a found one is kept in the book. */
  async checkBind(profileId: string, channel: { channelCode: string; channelCustomerId: string }): Promise<CustomerRecord | null> {
    const client = await this.deps.clientFor(profileId)
    const found = await reconcileBind(client, { ...channel, customerName: '', branchName: '', enterpriseName: '', passwordMobile: '' })
    if (!found) return null
    return this.deps.book.recordSeen(profileId, [fromService(found)], 'found')[0]!
  }

  /** Operation 2. A lost answer is an unknown outcome, reported as such (never resent here). */
  async create(profileId: string, fields: CreateFields): Promise<CreateResult> {
    const bad = fieldError(checkCreateFields(fields))
    if (bad) throw bad
    const body: CreateEnterpriseBody = { crmCustomerId: fields.crmCustomerId, customerName: fields.customerName, branchName: fields.branchName }
    if (fields.address.trim()) body.address = fields.address.trim()
    const client = await this.deps.clientFor(profileId)
    try {
      const created = await client.createEnterprise(body)
      const seen: CustomerFieldValues = {
        crmCustomerId: body.crmCustomerId,
        customerName: body.customerName,
        branchName: body.branchName,
        enterpriseGlobalId: created.enterpriseGlobalId,
        isDefault: created.defaultType,
        members: created.members,
      }
      if (body.address) seen.address = body.address
      const [customer] = this.deps.book.recordSeen(profileId, [seen], 'created')
      return { outcome: 'done', enterpriseGlobalId: created.enterpriseGlobalId, defaultType: created.defaultType, members: created.members, customer: customer!, error: null }
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'app.unknownOutcome') throw err
      return { outcome: 'unknown', enterpriseGlobalId: null, defaultType: null, members: [], customer: null, error: err.toData() }
    }
  }

  /**
   * Operation 4 (safe to repeat: the client retries it). The book's customers with that CRM id take the new
   * name, branch and address; when the book has none, one is kept.
   */
  async update(profileId: string, fields: CreateFields): Promise<CustomerRecord[]> {
    const bad = fieldError(checkCreateFields(fields))
    if (bad) throw bad
    const body: CreateEnterpriseBody = { crmCustomerId: fields.crmCustomerId, customerName: fields.customerName, branchName: fields.branchName }
    if (fields.address.trim()) body.address = fields.address.trim()
    const client = await this.deps.clientFor(profileId)
    await client.updateEnterprise(body)
    const values: CustomerFieldValues = { customerName: body.customerName, branchName: body.branchName }
    if (body.address) values.address = body.address
    const existing = this.deps.book.byCrm(profileId, body.crmCustomerId)
    const targets = existing.length > 0 ? existing.map((r) => ({ ...values, crmCustomerId: body.crmCustomerId, ...(r.customerId ? { customerId: r.customerId } : {}) })) : [{ ...values, crmCustomerId: body.crmCustomerId }]
    return this.deps.book.recordSeen(profileId, targets, 'updated')
  }
}
