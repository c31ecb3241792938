/**
 * What a user reads of an error names things as the screens do, in the chosen language, and says what to do:
 * no internal names (orderAppSecret), no zod English ("Too big: expected string to have <=64 characters").
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, describeError } from '@shared/errors/app-error'
import { API_ERRORS, APP_ERRORS, catalogText, PARAM_TERMS, type CatalogCode } from '@shared/errors/catalog'
import { ZH_CN_SENTENCES } from '@shared/errors/catalog-zh-CN'
import { FIELD_TERMS, inputIssuesOf, ISSUE_CODES, ISSUE_TEXT } from '@shared/errors/input-issues'
import { SECRET_NAMES } from '@shared/ipc/channels/profiles'
import { lookupAssetInputSchema } from '@shared/ipc/channels/lookup'
import { invalidInput } from '../../../../src/main/ipc/registry'

const SECRET_KEY = /orderAppSecret|memberAppSecret|userPassword|orderAccessToken|memberClientToken|userToken/

describe('error words', () => {
  it('names a missing or rejected secret as the profile dialog does, in both languages', () => {
    for (const name of SECRET_NAMES) {
      for (const code of ['app.missingSecret', 'app.pastedTokenRejected'] as const) {
        const data = AppError.app(code, { secret: name }).toData()
        const en = describeError(data, 'en')
        const zh = describeError(data, 'zh-CN')
        expect(en).not.toMatch(SECRET_KEY)
        expect(zh).not.toMatch(SECRET_KEY)
        expect(en).toContain(PARAM_TERMS['secret']![name]!.en)
        expect(zh).toContain(PARAM_TERMS['secret']![name]!['zh-CN'])
        expect(en).toContain('Settings → Connections')
        expect(zh).toContain('设置 → 连接')
      }
    }
    expect(describeError(AppError.app('app.missingSecret', { secret: 'orderAppSecret' }).toData(), 'en')).toBe(
      'The connection is missing the order-group app secret. Add it in Settings → Connections (edit the connection, Secrets), then try again.',
    )
  })

  it('words invalid input from issue codes, never zod English, and says which field', () => {
    const parsed = lookupAssetInputSchema.safeParse({ assetNum: '8'.repeat(65) })
    expect(parsed.success).toBe(false)
    if (parsed.success) return
    const data = invalidInput(parsed.error).toData()
    expect(data.details.issues).toEqual([{ path: 'assetNum', code: 'tooLong', bound: 64, message: expect.any(String) }])
    const en = describeError(data, 'en')
    const zh = describeError(data, 'zh-CN')
    expect(en).toBe('Please correct the input: The asset number may have at most 64 characters.')
    expect(zh).toBe('请更正输入：资产编号最多 64 个字符。')
    for (const text of [en, zh]) expect(text).not.toMatch(/Too big|expected string|assetNum/)
  })

  it('maps every kind of zod problem to a code with its bound', () => {
    const schema = z
      .object({
        name: z.string().min(1).max(5),
        code: z.string().min(3),
        list: z.array(z.number()).min(1).max(2),
        n: z.number().int().min(1).max(10),
        kind: z.enum(['a', 'b']),
        url: z.string().regex(/^https:/),
      })
      .strict()
    const r = schema.safeParse({ name: '', code: 'x', list: [1, 2, 3], n: 1.5, kind: 'c', url: 'ftp:', extra: 1 })
    if (r.success) throw new Error('should fail')
    const { issues } = inputIssuesOf(r.error.issues)
    const byPath = Object.fromEntries(issues.map((i) => [i.path, i]))
    expect(byPath['name']).toMatchObject({ code: 'required' })
    expect(byPath['code']).toMatchObject({ code: 'tooShort', bound: 3 })
    expect(byPath['list']).toMatchObject({ code: 'tooMany', bound: 2 })
    expect(byPath['n']).toMatchObject({ code: 'notInteger' })
    expect(byPath['kind']).toMatchObject({ code: 'notOneOf', values: ['a', 'b'] })
    expect(byPath['url']).toMatchObject({ code: 'badFormat' })
    expect(byPath['']).toMatchObject({ code: 'unknownKey', values: ['extra'] })
    const missing = schema.safeParse({})
    if (missing.success) throw new Error('should fail')
    expect(inputIssuesOf(missing.error.issues).issues[0]).toMatchObject({ path: 'name', code: 'required' })
  })

  it('has every sentence and term in both languages', () => {
    for (const code of ISSUE_CODES) expect(ISSUE_TEXT[code].en && ISSUE_TEXT[code]['zh-CN']).toBeTruthy()
    for (const t of Object.values(FIELD_TERMS)) {
      expect(t.en.length).toBeGreaterThan(0)
      expect(t['zh-CN']).toMatch(/[\u4e00-\u9fff]/)
    }
    const codes = [...Object.keys(APP_ERRORS), ...Object.keys(API_ERRORS)] as CatalogCode[]
    for (const code of codes) {
      expect(catalogText(code, 'en')!.length).toBeGreaterThan(0)
      expect(ZH_CN_SENTENCES[code]).toMatch(/[\u4e00-\u9fff]/)
      expect(catalogText(code, 'zh-CN')).toBe(ZH_CN_SENTENCES[code])
    }
  })
})
