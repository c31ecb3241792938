/**
 * The asset numbers table kept in the core: windows of the table as read and as filtered, holders named as the
 * employee list is read (page by page, then again after a new reading), a search finding names that came later.
 */
import { describe, expect, it } from 'vitest'
import type { HoldingTable } from '@shared/ipc/channels/holdings'
import type { DirectoryStatus, Person } from '@shared/ipc/channels/members'
import { HoldingsTableView } from '../../../../src/main/services/holdings/table-view'

const columns: Omit<HoldingTable, 'profileId' | 'enterpriseGlobalId' | 'fetchedAt' | 'cached'> = {
  count: 5,
  holders: ['M1', 'M2'],
  assetNum: ['8100000001', '8100000002', '8100000003', '8100000004', '8100000005'],
  assetId: ['A1', 'A2', 'A3', 'A4', 'A5'],
  holder: [0, -1, 1, 0, -1],
  flags: [0, 2, 1, 0, 0],
}
const t = { profileId: 'p', enterpriseGlobalId: 'E1' }
const q = { state: 'all' as const, text: '', sort: null, offset: 0, limit: 10, refresh: false }

/** A directory whose known people and status the test sets. */
function directory() {
  const d = { known: new Map<string, Person>(), status: { ...t, state: 'loading', loaded: 0, total: 2, readAt: null } as DirectoryStatus, asked: [] as string[][] }
  return {
    d,
    dir: {
      status: () => d.status,
      people: (_p: string, _e: string, ids: readonly string[]) => {
        d.asked.push([...ids])
        return { status: d.status, people: ids.flatMap((id) => (d.known.has(id) ? [d.known.get(id)!] : [])) }
      },
    },
  }
}

describe('the table view', () => {
  it('names holders as the list is read, looking up only those not named yet, and a search finds the names', async () => {
    const { d, dir } = directory()
    const view = new HoldingsTableView({ cache: { get: async () => ({ entry: { fetchedAt: 1, columns: () => columns }, cached: true }) }, directory: dir })
    const first = await view.window(t, q)
    expect(first).toMatchObject({ count: 5, total: 5, counts: { all: 5, free: 2, held: 3, lent: 1, online: 1 }, named: false })
    expect(first.rows.map((r) => [r.assetNum, r.holder, r.name])).toEqual([
      ['8100000001', 'M1', null],
      ['8100000002', '', null],
      ['8100000003', 'M2', null],
      ['8100000004', 'M1', null],
      ['8100000005', '', null],
    ])

    // A page of the list read: M1 is named, only M2 is asked for after that.
    d.known.set('M1', { globalId: 'M1', userName: 'zhangsan', name: '张三' })
    d.status = { ...d.status, loaded: 1 }
    const some = await view.window(t, { ...q, state: 'held' })
    expect(some.rows.map((r) => r.name)).toEqual(['张三 (zhangsan)', null, '张三 (zhangsan)'])
    d.known.set('M2', { globalId: 'M2', userName: 'lisi', name: '' })
    d.status = { ...d.status, loaded: 2 }
    await view.window(t, { ...q, state: 'held' })
    expect(d.asked.at(-1)).toEqual(['M2'])

    // Read whole: named, and a search by a name that came late finds its numbers.
    d.status = { ...d.status, state: 'ready', readAt: 5 }
    const found = await view.window(t, { ...q, text: 'lisi' })
    expect(found.named).toBe(true)
    expect(found.total).toBe(1)
    expect(found.rows[0]).toMatchObject({ assetNum: '8100000003', holder: 'M2', name: 'lisi', lent: true })

    // A window past the first, sorted by holder descending (free numbers last).
    const sorted = await view.window(t, { ...q, sort: { key: 'holder', order: 'desc' }, offset: 2, limit: 2 })
    expect(sorted.rows.map((r) => r.assetNum)).toEqual(['8100000003', '8100000002'])
  })
})
