/**
 * No internal word on screen (issue 31): the renderer's messages and the shared error catalog, in both languages,
 * never name a service operation by its number ("Order operation 3", "订单接口 4", "订单操作 9"), a credential
 * group in brackets ("(member group)"), or a request field by its API name ("userName", "crmCustomerId"). What must
 * stay technical is allow-listed below with its reason.
 */
import { describe, expect, it } from 'vitest'
import en from '../../../../src/renderer/i18n/en'
import zhCN from '../../../../src/renderer/i18n/zh-CN'
import { API_ERRORS, APP_ERRORS, PARAM_TERMS } from '@shared/errors/catalog'
import { FIELD_TERMS, ISSUE_TEXT } from '@shared/errors/input-issues'
import { issue, nameFieldIn, RULE_MESSAGES } from '@shared/rules/issue'
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import { memberIssueWords } from '@shared/members/member-form'
import { serverFieldError } from '../../../../src/renderer/models/members/member-form'
import { placeError } from '../../../../src/renderer/models/customers/customer-form'
import { ITEM_COUNT_WORDS, ITEM_WORDS, RUN_STATUS_WORDS } from '@shared/i18n/run-words'

type Tree = { [k: string]: string | Tree }

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)))
}

/** Every user-facing text: [where, text]. */
function texts(): Array<[string, string]> {
  const out: Array<[string, string]> = [...leaves(en as Tree, 'en:'), ...leaves(zhCN as unknown as Tree, 'zh-CN:')]
  const catalogs = { API_ERRORS, APP_ERRORS, FIELD_TERMS, ISSUE_TEXT, RULE_MESSAGES, ITEM_WORDS, ITEM_COUNT_WORDS, RUN_STATUS_WORDS, ...Object.fromEntries(Object.entries(PARAM_TERMS).map(([k, v]) => [`PARAM_TERMS.${k}`, v])) }
  for (const [name, table] of Object.entries(catalogs)) {
    for (const [code, entry] of Object.entries(table as Record<string, Record<string, string>>)) {
      for (const [locale, text] of Object.entries(entry)) out.push([`${name}.${code}:${locale}`, text])
    }
  }
  return out
}

/** Words of the service's protocol that are no one's words on screen. */
const INTERNAL: Array<[string, RegExp]> = [
  ['an operation by its number', /\boperations? \d|(?:接口|操作)\s*\d/i],
  ['a credential group in brackets', /\((?:order|member) group\)|（(?:订单|成员)组）/i],
  // A request field's name: a word in camelCase (userName, crmCustomerId, assetNums, orderList[0]).
  ['a request field by its API name', /(?<![\w.@/-])[a-z]+[A-Z][A-Za-z]*(?![\w.@/-])/],
]

/** Texts that must say a technical word, and why (keys of the renderer's messages). */
const ALLOWED: Record<string, string> = {
  'catalog.field.gmsPid': 'a column of the catalog file, named as the file must name it',
  'catalog.field.appKey': 'a column of the catalog file, named as the file must name it',
  'catalog.settings.prefixHint': 'a setting that fills a request field: the hint names the field for whoever matches records',
  'orderPickers.products.match.hint': 'explains the option by the request field it sets, for whoever checks what was sent',
}

describe('internal words', () => {
  it('are in no message of the renderer and no sentence of the shared catalog, in either language', () => {
    const found: string[] = []
    for (const [where, text] of texts()) {
      const key = where.replace(/^(en|zh-CN):/, '')
      if (Object.hasOwn(ALLOWED, key)) continue
      // A {placeholder} is filled in, never shown as such.
      const shown = text.replace(/\{\w+\}/g, '')
      for (const [what, re] of INTERNAL) {
        const m = re.exec(shown)
        if (m) found.push(`${where}: ${what} "${m[0]}" in "${text}"`)
      }
    }
    expect(found).toEqual([])
  })
})

describe('sentences made at run time name fields by their labels', () => {
  it('the core’s member rules and the service’s refusals, at the employee form’s field', () => {
    expect(memberIssueWords(issue('10003', 'userName', 'lettersDigits'), 'zh-CN')).toBe('账号只能包含字母和数字')
    expect(memberIssueWords(issue('40022', 'name', 'required'), 'en')).toBe('Name is required')
    const refused: AppErrorData = { code: 'app.invalidInput', messageKey: 'app.invalidInput', params: {}, details: { issues: [{ path: 'userName', message: 'userName 只能包含字母和数字' }] } }
    expect(serverFieldError(refused, '', 'zh-CN')).toEqual({ field: 'userName', message: '账号只能包含字母和数字' })
    // The core's own check, said above the form or by the CLI: no request name either.
    const core: AppErrorData = { ...refused, details: { issues: [{ path: 'userName', message: memberIssueWords(issue('10003', 'userName', 'lettersDigits'), 'zh-CN') }] } }
    expect(describeError(core, 'zh-CN')).toBe('请更正输入：账号只能包含字母和数字。')
  })

  it('a service’s 13004 at the customer form’s field', () => {
    const e: AppErrorData = { code: '13004', messageKey: '13004', params: {}, details: { serverMessage: 'crmCustomerId 不能为空' } }
    expect(placeError(e, ['customerName', 'crmCustomerId'], 'zh-CN').fields).toEqual({ crmCustomerId: 'CRM 客户编号不能为空' })
    expect(nameFieldIn('name 不能为空', 'name', '姓名', 'zh-CN')).toBe('姓名不能为空')
    expect(nameFieldIn('channelCustomerId: "C1" already exists', 'channelCustomerId', 'Channel customer ID', 'en')).toBe('Channel customer ID: "C1" already exists')
    // A longer name that starts with the field's is left alone.
    expect(nameFieldIn('customerNameX 不能为空', 'customerName', '客户名称', 'zh-CN')).toBe('customerNameX 不能为空')
  })

  it('the network sentence names the address, and never reads "服务 上"', () => {
    const at: AppErrorData = { code: 'app.tokenRequest', messageKey: 'app.tokenRequest', params: { detail: 'ECONNREFUSED', host: '127.0.0.1:9' }, details: {} }
    expect(describeError(at, 'zh-CN')).toMatch(/^127\.0\.0\.1:9 上没有服务应答/)
    // An error kept from before the address was recorded.
    const old: AppErrorData = { ...at, params: { detail: 'ECONNREFUSED' } }
    expect(describeError(old, 'zh-CN')).toMatch(/^服务地址上没有服务应答/)
    expect(describeError(old, 'en')).toMatch(/^Nothing answers at the service:/)
  })
})
