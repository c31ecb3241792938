/** The Customers forms' logic and the picker's, without mounting (views/customers/*-model.ts, components/customer-picker). */
import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { checkBindFields } from '@shared/customers/fields'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import { maySend, placeError, sendMayHaveHappened, visibleErrors } from '../../../../src/renderer/models/customers/customer-form'
import { customerTitle } from '../../../../src/renderer/views/customers/book-model'
import { exactMatch, idsOf, suggestionsOf, titleOf } from '../../../../src/renderer/components/customer-picker/picker-model'
import { afterEnter, entersSuggestion } from '../../../../src/renderer/components/customer-picker/keyboard'

const empty = { channelCode: '', channelCustomerId: '', customerName: '', branchName: '', enterpriseName: '', passwordMobile: '' }

describe('visibleErrors', () => {
  it('says "required" only for a field left empty after the user was in it, or after a send was tried', () => {
    const issues = checkBindFields({ ...empty, passwordMobile: '123' })
    expect(Object.keys(visibleErrors(issues, 'en', new Set(), false))).toEqual(['passwordMobile'])
    expect(Object.keys(visibleErrors(issues, 'en', new Set(['branchName']), false)).sort()).toEqual(['branchName', 'passwordMobile'])
    const all = visibleErrors(issues, 'zh-CN', new Set(), true)
    expect(Object.keys(all)).toHaveLength(6)
    expect(all.branchName).toBe('分公司名称不能为空')
  })
})

describe('placeError', () => {
  const fields = ['channelCode', 'channelCustomerId', 'passwordMobile'] as const
  it('puts the core’s own field checks at their fields', () => {
    const e = AppError.app('app.invalidInput', { detail: 'x' }, { issues: [{ path: 'fields.passwordMobile', message: 'Purchaser mobile must be…', code: 'badFormat' }] }).toData()
    expect(placeError(e, fields, 'zh-CN')).toEqual({ fields: { passwordMobile: '购买人手机号的格式不对' }, general: null })
    const long = AppError.app('app.invalidInput', { detail: 'x' }, { issues: [{ path: 'fields.channelCode', message: '…', code: 'tooLong', bound: 100 }] }).toData()
    expect(placeError(long, fields, 'en').fields).toEqual({ channelCode: 'The channel code may have at most 100 characters' })
  })
  it('puts the service’s 13004 at the field its message names, in its words with the field’s label', () => {
    const e = AppError.api('13004', 'channelCustomerId: "DEMO/DEMO-0001" already exists').toData()
    expect(placeError(e, fields, 'en')).toEqual({ fields: { channelCustomerId: 'Channel customer ID: "DEMO/DEMO-0001" already exists' }, general: null })
  })
  it('keeps any other error above the form, in the user’s language', () => {
    const none = AppError.api('13004', '参数校验错误。').toData()
    expect(placeError(none, fields, 'zh-CN')).toEqual({ fields: {}, general: '参数校验错误。' })
    const token = AppError.api('60000').toData()
    expect(placeError(token, fields, 'en').general).toMatch(/application token/)
  })
})

describe('what a send’s failure means', () => {
  it('the page losing the core may have sent it; a refusal did not', () => {
    expect(sendMayHaveHappened(AppError.app('app.coreUnavailable').toData())).toBe(true)
    expect(sendMayHaveHappened(AppError.api('13004', 'x').toData())).toBe(false)
    expect(sendMayHaveHappened(AppError.app('app.invalidInput').toData())).toBe(false)
    expect(maySend('unknown')).toBe(false)
    expect(maySend('sending')).toBe(false)
    expect(maySend('notDone')).toBe(true)
  })
})

const rec = (over: Partial<CustomerRecord>): CustomerRecord => ({
  id: 'x',
  profileId: 'p',
  customerName: null,
  customerId: null,
  crmCustomerId: null,
  channelCode: null,
  channelCustomerId: null,
  enterpriseGlobalId: null,
  enterpriseName: null,
  branchCode: null,
  branchName: null,
  adminName: null,
  adminAccount: null,
  adminEmail: null,
  adminCellNumber: null,
  passwordMobile: null,
  address: null,
  customerType: null,
  isDefault: null,
  members: [],
  source: 'found',
  lastSeenAt: null,
  lastSeenBy: null,
  usedAt: null,
  createdAt: 0,
  updatedAt: 0,
  removedAt: null,
  ...over,
})

describe('the picker', () => {
  const demo = rec({ id: 'd', enterpriseName: '演示科技有限公司', enterpriseGlobalId: 'E000000000000001', customerId: 'C000000000000001', channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' })
  const typed = rec({ id: 't', customerName: 'Typed', crmCustomerId: 'CRM-1' })

  it('offers each customer with the id of its kind, or none when the customer lacks it', () => {
    expect(suggestionsOf([demo, typed], 'enterpriseGlobalId').map((s) => s.value)).toEqual(['E000000000000001', ''])
    expect(suggestionsOf([demo, typed], 'crmCustomerId').map((s) => s.value)).toEqual(['', 'CRM-1'])
  })

  it('matches a typed id to the customer it is (ignoring case and spaces around)', () => {
    expect(exactMatch([typed, demo], ' e000000000000001 ', 'enterpriseGlobalId')?.id).toBe('d')
    expect(exactMatch([typed, demo], 'E00000000000000', 'enterpriseGlobalId')).toBeNull()
    expect(exactMatch([typed, demo], '', 'enterpriseGlobalId')).toBeNull()
  })

  it('names a customer and lists its ids, the picker’s kind first', () => {
    expect(titleOf(demo)).toBe('演示科技有限公司')
    expect(customerTitle(demo)).toBe('演示科技有限公司')
    expect(idsOf(demo, 'customerId')).toEqual(['C000000000000001', 'E000000000000001', 'DEMO/DEMO-0001'])
    expect(idsOf(typed, 'enterpriseGlobalId')).toEqual(['CRM CRM-1'])
  })

  it('Enter picks a highlighted suggestion and goes no further; otherwise it submits the form', () => {
    const form = document.createElement('form')
    const input = document.createElement('input')
    form.appendChild(input)
    document.body.appendChild(form)
    let submitted = 0
    form.addEventListener('submit', (e) => {
      e.preventDefault()
      submitted++
    })
    let reachedForm = 0
    form.addEventListener('keydown', () => reachedForm++)
    const press = (list: Parameters<typeof entersSuggestion>[1], submit = true) => {
      const e = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true })
      input.addEventListener('keydown', (ev) => afterEnter(ev, entersSuggestion(ev, list), submit), { once: true })
      input.dispatchEvent(e)
    }
    press({ activated: true, highlightedIndex: 0, suggestions: [1] })
    expect([submitted, reachedForm]).toEqual([0, 0])
    press({ activated: true, highlightedIndex: -1, suggestions: [1] })
    expect([submitted, reachedForm]).toEqual([1, 1])
    press({ activated: false, highlightedIndex: 0, suggestions: [1] }, false)
    expect([submitted, reachedForm]).toEqual([1, 2])
    form.remove()
  })
})
