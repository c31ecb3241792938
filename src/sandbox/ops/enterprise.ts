/** Order operations 1 to 4: bind, create, query and update enterprise customers. */
import { issue } from '@shared/rules/issue'
import { isMobile } from '@shared/rules/values'
import { CREATED_ADMIN_PASSWORD, addAdmin, newCustomer, newEmployee, newEnterprise } from '../state/factory'
import { customerRecord } from '../views'
import type { Handler } from './context'
import { bodyObject, fail, optionalText, requiredQuery, requiredText } from './common'

const V = '13004'

/** Channel code of the customers that "create industry customer" makes; their channelCustomerId is the CRM id. */
export const INDUSTRY_CHANNEL = 'INDUSTRY'

/**
 * 1. Bind: a new authorized customer for a channel customer. It joins the enterprise of the same name when one
 * exists (not as default); otherwise a new enterprise master account is created with it as default customer.
 */
export const bindEnterprise: Handler = (ctx, req) => {
  const b = bodyObject(req, V)
  const f = {
    channelCode: requiredText(b, 'channelCode', V, req),
    channelCustomerId: requiredText(b, 'channelCustomerId', V, req),
    customerName: requiredText(b, 'customerName', V, req),
    branchName: requiredText(b, 'branchName', V, req),
    enterpriseName: requiredText(b, 'enterpriseName', V, req),
    passwordMobile: requiredText(b, 'passwordMobile', V, req),
  }
  ctx.stats.received('bindEnterprise', `${f.channelCode}/${f.channelCustomerId}`)
  if (!isMobile(f.passwordMobile)) fail(issue(V, 'passwordMobile', 'mobile'), req)
  const { store } = ctx
  if (store.customerByChannel(f.channelCode, f.channelCustomerId)) {
    fail(issue(V, 'channelCustomerId', 'exists', { value: `${f.channelCode}/${f.channelCustomerId}` }), req)
  }
  const now = ctx.clock.now()
  let enterprise = store.enterpriseByName(f.enterpriseName)
  const isDefault = !enterprise
  if (!enterprise) {
    enterprise = newEnterprise(store, f.enterpriseName, now)
    addAdmin(store, `admin@${enterprise.code}`, CREATED_ADMIN_PASSWORD, enterprise.globalId)
  }
  const customer = newCustomer(
    store,
    {
      channelCode: f.channelCode,
      channelCustomerId: f.channelCustomerId,
      enterpriseGlobalId: enterprise.globalId,
      isDefault,
      customerName: f.customerName,
      branchName: f.branchName,
      crmCustomerId: null,
      address: null,
      passwordMobile: f.passwordMobile,
    },
    now,
  )
  ctx.stats.applied('bindEnterprise', `${f.channelCode}/${f.channelCustomerId}`)
  return { data: customerRecord(store, customer) }
}

/**
 * 2. Create industry customer: a new enterprise, its default customer (channel INDUSTRY, channelCustomerId =
 * crmCustomerId), its administrator `admin@<code>` and the administrator's employee record.
 */
export const createEnterprise: Handler = (ctx, req) => {
  const b = bodyObject(req, V)
  const crmCustomerId = requiredText(b, 'crmCustomerId', V, req)
  const customerName = requiredText(b, 'customerName', V, req)
  const branchName = requiredText(b, 'branchName', V, req)
  const address = optionalText(b, 'address', V, req)
  ctx.stats.received('createEnterprise', crmCustomerId)
  const { store } = ctx
  if (store.customerByCrm(crmCustomerId) || store.customerByChannel(INDUSTRY_CHANNEL, crmCustomerId)) {
    fail(issue(V, 'crmCustomerId', 'exists', { value: crmCustomerId }), req)
  }
  const now = ctx.clock.now()
  const enterprise = newEnterprise(store, customerName, now)
  newCustomer(
    store,
    {
      channelCode: INDUSTRY_CHANNEL,
      channelCustomerId: crmCustomerId,
      enterpriseGlobalId: enterprise.globalId,
      isDefault: true,
      customerName,
      branchName,
      crmCustomerId,
      address,
      passwordMobile: null,
    },
    now,
  )
  const login = `admin@${enterprise.code}`
  addAdmin(store, login, CREATED_ADMIN_PASSWORD, enterprise.globalId)
  const member = newEmployee(
    store,
    { enterpriseGlobalId: enterprise.globalId, userName: 'admin', name: customerName.slice(0, 30), password: CREATED_ADMIN_PASSWORD },
    now,
  )
  ctx.stats.applied('createEnterprise', crmCustomerId)
  return {
    data: {
      enterpriseGlobalId: enterprise.globalId,
      defaultType: true,
      members: [{ memberGlobalId: member.globalId, memberIdentity: login }],
    },
  }
}

/**
 * 3. Query: finds the enterprise the channel customer is bound to and lists its customers: the default one
 * only (`Y`) or all of them (`N`). An unknown channel customer gives an empty list.
 */
export const queryEnterprise: Handler = (ctx, req) => {
  const channelCode = requiredQuery(req, 'channelCode', V)
  const channelCustomerId = requiredQuery(req, 'channelCustomerId', V)
  const which = requiredQuery(req, 'defaultCustomer', V)
  if (which !== 'Y' && which !== 'N') fail(issue(V, 'defaultCustomer', 'oneOf', { allowed: 'Y, N' }), req)
  const found = ctx.store.customerByChannel(channelCode, channelCustomerId)
  if (!found) return { data: [] }
  const all = ctx.store.customersOf(found.enterpriseGlobalId)
  const list = which === 'Y' ? all.filter((c) => c.isDefault) : all
  return { data: list.map((c) => customerRecord(ctx.store, c)) }
}

/** 4. Update: new name and address (and branch) of the customer with that CRM id. No `data` in the answer. */
export const updateEnterprise: Handler = (ctx, req) => {
  const b = bodyObject(req, V)
  const crmCustomerId = requiredText(b, 'crmCustomerId', V, req)
  const customerName = requiredText(b, 'customerName', V, req)
  const branchName = requiredText(b, 'branchName', V, req)
  const address = optionalText(b, 'address', V, req)
  const customer = ctx.store.customerByCrm(crmCustomerId)
  if (!customer) return fail(issue(V, 'crmCustomerId', 'notFound', { value: crmCustomerId }), req)
  customer.customerName = customerName
  customer.branchName = branchName
  if (address !== null) customer.address = address
  customer.updateTime = ctx.clock.now()
  ctx.store.touch()
  return { noData: true }
}
