/** The customer forms' field rules and the service message → field mapping (src/shared/customers/fields.ts). */
import { describe, expect, it } from 'vitest'
import {
  BIND_FIELDS,
  CREATE_FIELDS,
  checkBindFields,
  checkBookFields,
  checkCreateFields,
  describeCustomerIssue,
  fieldOfServiceMessage,
} from '@shared/customers/fields'
import { describeIssue, issue } from '@shared/rules/issue'

const bind = { channelCode: 'DEMO', channelCustomerId: 'NEW-1', customerName: '新客户', branchName: '上海分公司', enterpriseName: '新企业', passwordMobile: '+86 139-1234-5678' }

describe('form checks', () => {
  it('bind needs all six fields and a mobile number the service takes', () => {
    expect(checkBindFields(bind)).toEqual({})
    const empty = checkBindFields({ ...bind, branchName: '  ', passwordMobile: '12345' })
    expect(Object.keys(empty).sort()).toEqual(['branchName', 'passwordMobile'])
    expect(describeCustomerIssue(empty.branchName!, 'en')).toBe('Branch name is required')
    expect(describeCustomerIssue(empty.passwordMobile!, 'zh-CN')).toMatch(/^购买人手机号必须是中国大陆手机号/)
  })

  it('ids take no spaces, names no line breaks, and every field has its length', () => {
    const r = checkBindFields({ ...bind, channelCustomerId: 'NEW 1', customerName: 'a\nb', enterpriseName: 'x'.repeat(201) })
    expect(describeCustomerIssue(r.channelCustomerId!, 'en')).toBe('Channel customer ID must not contain spaces')
    expect(describeCustomerIssue(r.customerName!, 'en')).toMatch(/line breaks/)
    expect(describeCustomerIssue(r.enterpriseName!, 'en')).toBe('Enterprise name may be at most 200 characters')
    // Characters, not bytes: 200 Chinese characters fit.
    expect(checkBindFields({ ...bind, enterpriseName: '企'.repeat(200) })).toEqual({})
  })

  it('create and update leave the address optional', () => {
    expect(checkCreateFields({ crmCustomerId: 'CRM-1', customerName: 'A', branchName: 'B', address: '' })).toEqual({})
    expect(Object.keys(checkCreateFields({ crmCustomerId: '', customerName: '', branchName: '', address: '' })).sort()).toEqual(['branchName', 'crmCustomerId', 'customerName'])
  })

  it('a customer kept by hand needs a name or an id, and checks e-mail and mobiles', () => {
    expect(checkBookFields({ customerName: 'A' })).toEqual({})
    expect(checkBookFields({ enterpriseGlobalId: 'E1' })).toEqual({})
    expect(Object.keys(checkBookFields({ address: 'Somewhere' }))).toEqual(['customerName'])
    expect(Object.keys(checkBookFields({ customerName: 'A', adminEmail: 'nope', adminCellNumber: '+65 8123 4567' }))).toEqual(['adminEmail'])
  })
})

describe('fieldOfServiceMessage', () => {
  it('names the field the service message names, as a whole word', () => {
    const sandboxMobile = describeIssue(issue('13004', 'passwordMobile', 'mobile'), 'zh-CN')
    expect(fieldOfServiceMessage(sandboxMobile, BIND_FIELDS)).toBe('passwordMobile')
    expect(fieldOfServiceMessage('channelCustomerId: "DEMO/DEMO-0001" already exists', BIND_FIELDS)).toBe('channelCustomerId')
    expect(fieldOfServiceMessage('Parameter validation error. crmCustomerId: "X" does not exist', CREATE_FIELDS)).toBe('crmCustomerId')
  })

  it('takes the first field named when several are, and none when the message names none', () => {
    expect(fieldOfServiceMessage('branchName and customerName are too long', CREATE_FIELDS)).toBe('branchName')
    expect(fieldOfServiceMessage('channelCodes is not a field; nor is xchannelCode', BIND_FIELDS)).toBeNull()
    expect(fieldOfServiceMessage('参数校验错误。', BIND_FIELDS)).toBeNull()
    expect(fieldOfServiceMessage(undefined, BIND_FIELDS)).toBeNull()
  })
})
