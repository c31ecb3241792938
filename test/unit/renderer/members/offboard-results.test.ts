/** An offboarding's rows in the run panel: "done", or the step a person stopped at, in both languages. */
import { describe, expect, it } from 'vitest'
import type { JobItem } from '@shared/ipc/channels/bulk'
import type { Locale } from '@shared/i18n/locale'
import { createI18n } from 'vue-i18n'
import en from '../../../../src/renderer/i18n/en'
import zhCN from '../../../../src/renderer/i18n/zh-CN'
import { offboardRowFormat, offboardWords } from '../../../../src/renderer/models/members/offboard-results'

const item = (result: JobItem['result']): JobItem => ({ index: 0, key: 'lisi', label: '李四', result, tries: 1, retryable: false })
const failedAt = (step: string) => item({ state: 'failed', error: { code: '80001', messageKey: '80001', params: { step }, details: {} } })

function words(locale: Locale, it: JobItem): string {
  const i18n = createI18n({ legacy: false, locale, messages: { en, 'zh-CN': zhCN } })
  const col = offboardRowFormat().columns.find((c) => c.key === 'words')!
  return col.text(it, { t: (k, p) => i18n.global.t(k, p ?? {}), locale, errorText: (e) => e.code })
}

describe('offboarding results', () => {
  it('names the step a person stopped at, and done', () => {
    expect(offboardWords(item({ state: 'ok' }))).toEqual({ key: 'offboard.result.done' })
    expect(offboardWords(failedAt('delete'))).toEqual({ key: 'offboard.result.failedAt', params: { step: 'delete' } })
    expect(offboardWords(item({ state: 'cancelled' }))).toEqual({ key: 'item.cancelled' })
    expect(words('en', failedAt('withdraw'))).toBe('Stopped at: Withdraw numbers')
    expect(words('zh-CN', failedAt('delete'))).toBe('停在：删除账号')
    expect(words('en', item({ state: 'ok' }))).toBe('Done')
  })
})
