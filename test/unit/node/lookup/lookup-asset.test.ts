/**
 * The lookup of one asset against fake sources: a number the cached lists do not have is read again from the
 * service before it is called not found (an asset bought a moment ago exists); a member-group refusal for an
 * enterprise other than the connection's own is said as what it is, and for its own stays the service's.
 */
import { describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import type { ApiClient } from '../../../../src/main/api/client'
import { lookupAsset, TimedCache, type LookupAccount } from '../../../../src/main/services/lookup'

const ACCOUNT: LookupAccount = { ownEnterpriseGlobalId: 'E1', login: 'demoadmin' }

/** Sources whose lists hold `numbers` (changeable); `refuse`: the member group answers that code. */
function fakes(numbers: string[], refuse?: string) {
  const reads = { virtual: 0, nums: 0 }
  // As the asset list cache does: the list as first read, until asked to refresh.
  let held: { id: string; assetNum: string }[] | null = null
  const assets = {
    get: async (_t: unknown, refresh: boolean) => {
      reads.virtual++
      if (!held || refresh) held = numbers.map((assetNum, i) => ({ id: `A${i}`, assetNum }))
      return { entry: { records: held }, cached: !refresh }
    },
  }
  const member = async <T>(v: T): Promise<T> => {
    if (refuse) throw AppError.api(refuse, 'refused')
    return v
  }
  const client = {
    listAssetNums: () => {
      reads.nums++
      return member(numbers.map((assetNum, i) => ({ assetNum, assetId: `A${i}`, cloudAccountGlobalId: null })))
    },
    listLentLocks: () => member([]),
    listAssetProducts: () => member({ productInstanceList: [] }),
  } as unknown as ApiClient
  return { assets: assets as never, client, reads }
}

describe('lookupAsset', () => {
  it('reads again before saying not found: an asset listed since the cached read is found', async () => {
    const numbers = ['8100000001']
    const f = fakes(numbers)
    const cache = new TimedCache<never>(60_000)
    const target = { profileId: 'p', enterpriseGlobalId: 'E1', assetNum: '8200000001' }
    expect((await lookupAsset(f.assets, f.client, target, cache, ACCOUNT)).found).toBe(false)
    numbers.push('8200000001')
    const r = await lookupAsset(f.assets, f.client, target, cache, ACCOUNT)
    expect(r.found).toBe(true)
    expect(r.virtualAsset.record?.assetNum).toBe('8200000001')
    expect(r.assetNumber.record?.assetNum).toBe('8200000001')
    // From the cache, a number nobody has is asked again once, and the cache then holds the fresh list.
    const c2 = new TimedCache<never>(60_000)
    await lookupAsset(f.assets, f.client, { ...target, assetNum: '8100000001' }, c2, ACCOUNT)
    const mid = { ...f.reads }
    await lookupAsset(f.assets, f.client, { ...target, assetNum: '8299999999' }, c2, ACCOUNT)
    expect(f.reads.nums - mid.nums).toBe(1)
  })

  it("says another enterprise's member-group refusal in plain words, and leaves the connection's own alone", async () => {
    const other = await lookupAsset(fakes(['8100000106'], '60000').assets, fakes(['8100000106'], '60000').client, { profileId: 'p', enterpriseGlobalId: 'E2', assetNum: '8100000106' }, undefined, ACCOUNT)
    expect(other.found).toBe(true)
    expect(other.assetNumber.source).toMatchObject({ status: 'error', error: { code: 'app.enterpriseNotVisible', params: { enterprise: 'E2', own: 'E1', login: 'demoadmin' } } })
    expect(other.products.source).toMatchObject({ status: 'error', error: { code: 'app.enterpriseNotVisible' } })
    const own = await lookupAsset(fakes(['8100000001'], '60000').assets, fakes(['8100000001'], '60000').client, { profileId: 'p', enterpriseGlobalId: 'E1', assetNum: '8100000001' }, undefined, ACCOUNT)
    expect(own.assetNumber.source).toMatchObject({ status: 'error', error: { code: '60000' } })
  })
})

describe('lookupAsset with lists read for it', () => {
  it('does not read them a second time for a number nobody has', async () => {
    const f = fakes(['8100000001'])
    // Neither list from a cache: both read for this lookup.
    const fresh = { get: async () => ({ entry: { records: [] }, cached: false }) }
    await lookupAsset(fresh as never, f.client, { profileId: 'p', enterpriseGlobalId: 'E1', assetNum: '8299999999' }, new TimedCache<never>(60_000), ACCOUNT)
    expect(f.reads.nums).toBe(1)
  })
})
