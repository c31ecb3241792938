import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { pathWords, refusalMessage, refusalPlaceWords } from '../../../../src/renderer/models/orders/refusal'
import { sayIn } from '../support/say'

const refused = (serverMessage: string) => AppError.api('13004', serverMessage).toData()

describe("a refusal in the screen's words", () => {
  it('names a field as the wizard does, never as a JSON path', () => {
    expect(pathWords('orderList[1].assets[0].assetNos[0]', null, sayIn('en'))).toBe('Entry 2 › Asset group 1 › Asset numbers')
    expect(pathWords('orderList[1].assets[0].assetNos[0]', null, sayIn('zh-CN'))).toBe('条目 2 › 资产组 1 › 资产编号')
    expect(pathWords('orderList[0].assets[0].products[1]', null, sayIn('en'))).toBe('Entry 1 › Asset group 1 › Product 2')
    expect(pathWords('customerId', 3, sayIn('en'))).toBe('Entry 3 › Customer ID')
    expect(refusalPlaceWords({ field: null, sequence: 2 }, sayIn('en'))).toBe('Entry 2')
  })

  it("says the service's message with its paths in words", () => {
    const e = refused('Order sequence 2: orderList[1].assets[0].assetNos[0]: asset 8100000101 belongs to another enterprise')
    const en = refusalMessage(e, sayIn('en'))
    expect(en).toContain('Entry 2 › Asset group 1 › Asset numbers: asset 8100000101 belongs to another enterprise')
    expect(en).not.toMatch(/orderList|\[\d+\]/)
    expect(refusalMessage(e, sayIn('zh-CN'))).toContain('条目 2 › 资产组 1 › 资产编号')
  })
})
