import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { enterpriseAssetNumSchema } from '@shared/api/models'
import { quickArraySchema } from '@shared/api/quick-check'
import { decodeResponse } from '../../../../src/main/api/decode'
import { AppError } from '@shared/errors/app-error'

const good = { assetNum: '8101', assetId: 'a1', cloudAccountGlobalId: 'm1', borrowedFlag: false, onlineFlag: true }

// Each record alone: the quick check must say what zod says.
const samples: unknown[] = [
  good,
  { assetNum: '8101', assetId: 'a1' },
  { ...good, cloudAccountGlobalId: null, borrowedFlag: null, onlineFlag: null },
  { ...good, extra: { deep: 1 } },
  { ...good, assetNum: 8101 },
  { ...good, assetId: undefined },
  { ...good, assetId: null },
  { ...good, cloudAccountGlobalId: 7 },
  { ...good, borrowedFlag: 'true' },
  { ...good, onlineFlag: 0 },
  null,
  'x',
  ['8101', 'a1'],
  [],
  {},
]

describe('quickArraySchema', () => {
  const quick = quickArraySchema(enterpriseAssetNumSchema)
  const full = z.array(enterpriseAssetNumSchema)

  it('accepts exactly the lists the record schema accepts', () => {
    for (const s of samples) expect([s, quick.safeParse([good, s]).success]).toEqual([s, full.safeParse([good, s]).success])
    for (const v of [null, {}, 'list', 3]) expect(quick.safeParse(v).success).toBe(false)
    expect(quick.safeParse([]).success).toBe(true)
  })

  it('passes the records through as they came, and names the record and field of a bad one', () => {
    const list = [good, { ...good, extra: 1 }]
    const r = quick.safeParse(list)
    expect(r.success && r.data[1]).toBe(list[1])
    const bad = quick.safeParse([good, good, { ...good, assetId: 5 }])
    expect(bad.success).toBe(false)
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['2.assetId'])
  })

  it('takes numbers as finite numbers, and refuses fields it cannot check in a loop', () => {
    const n = quickArraySchema(z.object({ n: z.number().optional() }))
    expect(n.safeParse([{ n: 1.5 }, {}]).success).toBe(true)
    expect(n.safeParse([{ n: '1' }]).success).toBe(false)
    expect(() => quickArraySchema(z.object({ s: z.string().min(1) }))).toThrow(/refinements/)
    expect(() => quickArraySchema(z.object({ u: z.union([z.string(), z.number()]) }))).toThrow(/union/)
  })

  it('is the check of the asset numbers list: a bad record is a bad response at its field', () => {
    const body = (data: unknown) => JSON.stringify({ code: 0, message: 'success', data })
    expect(decodeResponse('listAssetNums', 200, body([good])).data).toEqual([good])
    try {
      decodeResponse('listAssetNums', 200, body([good, { ...good, onlineFlag: 'yes' }]))
      expect.unreachable()
    } catch (e) {
      expect(e).toBeInstanceOf(AppError)
      expect((e as AppError).code).toBe('app.badResponse')
      expect(String((e as AppError).params['detail'])).toContain('1.onlineFlag')
    }
  })
})
