/** A small asset table as the core sends it (columns and dictionaries), for the assets tests. */
import { ASSET_FLAG, type AssetTable } from '@shared/ipc/channels/assets'

export function table(over: Partial<AssetTable> = {}): AssetTable {
  const rows = [
    { id: 'A1', num: '8100000003', type: 0, flags: ASSET_FLAG.locked, member: -1, ct: 3000 },
    { id: 'A2', num: '8100000001', type: 1, flags: 0, member: 0, ct: 1000 },
    { id: 'A3', num: '8100000002', type: 0, flags: ASSET_FLAG.frozen, member: 1, ct: 2000 },
    { id: 'A4', num: 'CA-0004', type: 1, flags: ASSET_FLAG.locked | ASSET_FLAG.frozen, member: -1, ct: -1 },
  ]
  return {
    profileId: 'sandbox',
    enterpriseGlobalId: 'E1',
    extendCode: '',
    fetchedAt: 1,
    cached: false,
    count: rows.length,
    dict: { licenseTypes: ['normal_recover_usbkey', 'cloud_account'], customers: ['C1'], members: ['M000000000000001', 'M000000000000002'], extendCodes: ['gxxp'] },
    id: rows.map((r) => r.id),
    assetNum: rows.map((r) => r.num),
    licenseType: rows.map((r) => r.type),
    flags: rows.map((r) => r.flags),
    member: rows.map((r) => r.member),
    customer: rows.map(() => 0),
    extendCodes: rows.map((_, i) => (i === 2 ? 0 : -1)),
    createTime: rows.map((r) => r.ct),
    ...over,
  }
}
