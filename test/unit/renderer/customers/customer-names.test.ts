/** Customers by name where screens had ids: an asset's customer id, an enterprise (models/customers/customer-names.ts). */
import { describe, expect, it } from 'vitest'
import { customerLabel, enterpriseName, namesById } from '../../../../src/renderer/models/customers/customer-names'

const c = (customerId: string | null, enterpriseGlobalId: string | null, customerName: string | null, isDefault: boolean | null, enterpriseName: string | null = null) => ({
  customerId,
  enterpriseGlobalId,
  customerName,
  isDefault,
  enterpriseName,
})

describe('customer names', () => {
  const book = [c('C1', 'E1', '演示科技上海分部', false, '演示科技有限公司'), c('C2', 'E1', '演示科技有限公司', true), c('C3', 'E2', null, true, '示例建设集团')]

  it('an asset’s customer id is shown by the book’s name, else as the id', () => {
    const names = namesById(book)
    expect(customerLabel('C1', names)).toBe('演示科技上海分部')
    expect(customerLabel('C3', names)).toBe('C3')
    expect(customerLabel('C9', names)).toBe('C9')
  })

  it('an enterprise is its default customer’s name, else another customer’s, else its own name; null when unknown', () => {
    expect(enterpriseName('E1', book)).toBe('演示科技有限公司')
    expect(enterpriseName('E1', [book[0]!])).toBe('演示科技上海分部')
    expect(enterpriseName('E2', book)).toBe('示例建设集团')
    expect(enterpriseName('E3', book)).toBeNull()
  })
})
