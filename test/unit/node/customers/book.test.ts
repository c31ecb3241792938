/**
 * The customer book over a real SQLite file: search over every field (trigram FTS for words of three characters
 * or more, LIKE for shorter ones, Chinese and full-width forms, ignoring case), recent first with an exact id
 * first of all, one book per profile, merging what the service shows into what the user typed, removal with undo.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { MIGRATIONS, openDatabase, type Database } from '../../../../src/main/services/db'
import { CustomerBook, REMOVED_CUSTOMER_DAYS } from '../../../../src/main/services/customers'
import { silentLogger } from '../../../../src/main/services/log'
import { removeDir, tempDir } from '../../../support/tmp'

let dir: string
let db: Database
let clock: number
let book: CustomerBook
let changes: { profileId: string; ids: string[] }[]

const P = 'sandbox'

beforeEach(async () => {
  dir = await tempDir()
  clock = 1_700_000_000_000
  changes = []
  db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  book = new CustomerBook(db, { now: () => clock, onChange: (profileId, ids) => changes.push({ profileId, ids }) })
})

afterEach(async () => {
  db.close()
  await removeDir(dir)
})

/** Adds a customer the way the user types one, a tick later than the last. */
function typed(fields: Parameters<CustomerBook['save']>[2], profileId = P) {
  clock += 1000
  return book.save(profileId, undefined, fields)
}

const names = (q: string, profileId = P) => book.search(profileId, { query: q }).customers.map((c) => c.customerName)

describe('search', () => {
  beforeEach(() => {
    typed({ customerName: '演示科技有限公司', enterpriseGlobalId: 'E000000000000001', channelCode: 'DEMO', channelCustomerId: 'DEMO-0001' })
    typed({ customerName: 'Acme Trading', crmCustomerId: 'CRM-ACME-7', adminEmail: 'Zhang.San@Acme.example', branchName: '上海分公司' })
    typed({ customerName: '北京示例建设集团', address: '北京市海淀区中关村大街 1 号', customerType: 'company' })
    typed({ customerName: 'Lone Wolf', passwordMobile: '13912345678', customerType: 'personal' })
  })

  it('finds a substring of any field, three characters or more, through the index', () => {
    expect(names('科技有')).toEqual(['演示科技有限公司'])
    expect(names('acme.example')).toEqual(['Acme Trading'])
    expect(names('0000000001')).toEqual(['演示科技有限公司'])
    expect(names('中关村大街')).toEqual(['北京示例建设集团'])
    expect(names('12345678')).toEqual(['Lone Wolf'])
  })

  it('finds words shorter than three characters too (two Chinese characters, one letter)', () => {
    expect(names('科技')).toEqual(['演示科技有限公司'])
    expect(names('北京')).toEqual(['北京示例建设集团'])
    expect(names('上海')).toEqual(['Acme Trading'])
  })

  it('ignores case and full-width forms, in the query and in the fields', () => {
    expect(names('ZHANG.SAN')).toEqual(['Acme Trading'])
    expect(names('ａｃｍｅ')).toEqual(['Acme Trading'])
    expect(names('ｄｅｍｏ－０００１')).toEqual(['演示科技有限公司'])
  })

  it('needs every word of the query, each in any field', () => {
    expect(names('acme 上海')).toEqual(['Acme Trading'])
    expect(names('acme 北京')).toEqual([])
  })

  it('finds a customer type by its words in either language', () => {
    expect(names('企业')).toEqual(['北京示例建设集团'])
    expect(names('personal')).toEqual(['Lone Wolf'])
    expect(names('个人')).toEqual(['Lone Wolf'])
  })

  it('treats quotes and LIKE wildcards in the query as text', () => {
    expect(names('"acme')).toEqual([])
    expect(names('%')).toEqual([])
    expect(names('a_b')).toEqual([])
    typed({ customerName: '100% "Quoted" Co' })
    expect(names('0%')).toEqual(['100% "Quoted" Co'])
    expect(names('"quoted"')).toEqual(['100% "Quoted" Co'])
  })

  it('lists recent first: picked, seen or edited, newest on top; an exact id before everything', () => {
    expect(names('')).toEqual(['Lone Wolf', '北京示例建设集团', 'Acme Trading', '演示科技有限公司'])
    const demo = book.search(P, { query: '演示' }).customers[0]!
    clock += 1000
    book.use(demo.id)
    expect(names('')[0]).toBe('演示科技有限公司')
    // "E000000000000001" matches itself exactly and, as a substring, a newer customer's id.
    typed({ customerName: 'Newer', enterpriseGlobalId: 'E0000000000000012' })
    expect(names('E000000000000001')).toEqual(['演示科技有限公司', 'Newer'])
  })

  it('pages with a total', () => {
    for (let i = 0; i < 30; i++) typed({ customerName: `Bulk customer ${i}` })
    const page = book.search(P, { query: 'bulk', offset: 10, limit: 5 })
    expect(page.total).toBe(30)
    expect(page.customers.map((c) => c.customerName)).toEqual(['Bulk customer 19', 'Bulk customer 18', 'Bulk customer 17', 'Bulk customer 16', 'Bulk customer 15'])
  })

  it('keeps one book per profile', () => {
    typed({ customerName: 'Acme Trading (prod)' }, 'prod')
    expect(names('acme')).toEqual(['Acme Trading'])
    expect(names('acme', 'prod')).toEqual(['Acme Trading (prod)'])
    expect(book.search('nobody', {}).total).toBe(0)
  })

  it('follows edits: a changed field is found by its new text only', () => {
    const acme = book.search(P, { query: 'acme' }).customers[0]!
    book.save(P, acme.id, { customerName: 'Globex', adminEmail: null })
    expect(names('trading')).toEqual([])
    expect(names('globex')).toEqual(['Globex'])
    // The CRM id still holds "acme".
    expect(names('acme')).toEqual(['Globex'])
    expect(book.get(acme.id).adminEmail).toBeNull()
    expect(book.get(acme.id).crmCustomerId).toBe('CRM-ACME-7')
  })
})

describe('the search texts held in memory', () => {
  /** What a book that never searched before (reading everything afresh) finds. */
  const fresh = (q: string) => new CustomerBook(db).search(P, { query: q, limit: 500 }).customers.map((c) => c.id)
  const ours = (q: string) => book.search(P, { query: q, limit: 500 }).customers.map((c) => c.id)

  it('stay the same as a fresh read, in the same order, through edits, picks, removals and restores', () => {
    const ids: string[] = []
    for (let i = 0; i < 40; i++) ids.push(typed({ customerName: `客户${i % 5}号 ${i}`, crmCustomerId: `CRM-${i}` }).id)
    const queries = ['客户', '1号', 'crm-1', '号', '']
    const check = () => {
      for (const q of queries) expect(ours(q), `query "${q}"`).toEqual(fresh(q))
    }
    check()
    for (let step = 0; step < 60; step++) {
      const id = ids[ids.length - 1 - ((step * 7) % ids.length)]!
      clock += step % 3 === 0 ? 0 : 1000 // some changes in the same millisecond: the tie goes by row order
      switch (step % 5) {
        case 0:
          book.save(P, id, { customerName: `改名${step}` })
          break
        case 1:
          book.use(id)
          break
        case 2:
          book.remove([id])
          break
        case 3:
          book.restore([id])
          break
        case 4:
          book.recordSeen(P, [{ crmCustomerId: `CRM-${step}`, customerName: `服务${step}` }], 'updated')
          break
      }
      check()
    }
  })

  it('see what another process wrote to the same file (the CLI beside the app)', async () => {
    expect(names('other')).toEqual([])
    const other = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
    try {
      new CustomerBook(other).save(P, undefined, { customerName: 'Other process' })
    } finally {
      other.close()
    }
    expect(names('other')).toEqual(['Other process'])
    expect(names('ot')).toEqual(['Other process'])
  })
})

describe('what the service shows', () => {
  it('merges a found customer into the one the user typed with the same channel pair, keeping what only the user knows', () => {
    const mine = typed({ channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', adminEmail: 'it@demo.example', customerName: 'Demo (mine)' })
    clock += 1000
    const [seen] = book.recordSeen(P, [{ customerId: 'C000000000000001', channelCode: 'DEMO', channelCustomerId: 'DEMO-0001', enterpriseGlobalId: 'E000000000000001', enterpriseName: '演示科技有限公司', isDefault: true }], 'found')
    expect(seen!.id).toBe(mine.id)
    expect(seen).toMatchObject({ customerId: 'C000000000000001', adminEmail: 'it@demo.example', customerName: 'Demo (mine)', isDefault: true, source: 'typed', lastSeenBy: 'found', lastSeenAt: clock })
    expect(book.search(P, {}).total).toBe(1)
  })

  it('keeps two customers of one channel pair apart when their customer ids differ', () => {
    book.recordSeen(P, [{ customerId: 'C1', channelCode: 'X', channelCustomerId: 'Y' }], 'found')
    book.recordSeen(P, [{ customerId: 'C2', channelCode: 'X', channelCustomerId: 'Y' }], 'found')
    expect(book.search(P, {}).total).toBe(2)
    // Seen again by its id: the same row.
    book.recordSeen(P, [{ customerId: 'C1', channelCode: 'X', channelCustomerId: 'Y', enterpriseName: 'Renamed' }], 'found')
    expect(book.search(P, {}).total).toBe(2)
    expect(names('renamed')).toEqual([null])
  })

  it('a created customer (no customer id) is found again by its CRM id, and its members are searchable', () => {
    const [c] = book.recordSeen(P, [{ crmCustomerId: 'CRM-9', customerName: 'Nine', enterpriseGlobalId: 'E9', members: [{ memberGlobalId: 'M9', memberIdentity: 'admin@e9' }] }], 'created')
    expect(c).toMatchObject({ source: 'created', lastSeenBy: 'created', members: [{ memberGlobalId: 'M9', memberIdentity: 'admin@e9' }] })
    const [u] = book.recordSeen(P, [{ crmCustomerId: 'CRM-9', customerName: 'Nine Ltd' }], 'updated')
    expect(u!.id).toBe(c!.id)
    expect(u).toMatchObject({ customerName: 'Nine Ltd', source: 'created', lastSeenBy: 'updated', enterpriseGlobalId: 'E9' })
    expect(names('admin@e9')).toEqual(['Nine Ltd'])
  })

  it('brings a removed customer back when the service shows it again', () => {
    const [c] = book.recordSeen(P, [{ customerId: 'C1', channelCode: 'X', channelCustomerId: 'Y' }], 'found')
    book.remove([c!.id])
    expect(book.search(P, {}).total).toBe(0)
    book.recordSeen(P, [{ customerId: 'C1', channelCode: 'X', channelCustomerId: 'Y' }], 'found')
    expect(book.search(P, {}).total).toBe(1)
    expect(book.get(c!.id).removedAt).toBeNull()
  })

  it('tells who listens which customers changed', () => {
    const [c] = book.recordSeen(P, [{ customerId: 'C1' }], 'found')
    expect(changes.at(-1)).toEqual({ profileId: P, ids: [c!.id] })
  })
})

describe('remove and restore', () => {
  it('hides removed customers from search, restores them, and purges them after the undo period', () => {
    const a = typed({ customerName: 'Alpha' })
    const b = typed({ customerName: 'Beta' })
    book.remove([a.id])
    expect(names('')).toEqual(['Beta'])
    expect(book.get(a.id).removedAt).toBe(clock)
    book.restore([a.id])
    expect(names('').sort()).toEqual(['Alpha', 'Beta'])
    book.remove([a.id, b.id])
    clock += (REMOVED_CUSTOMER_DAYS - 1) * 86_400_000
    expect(book.purge()).toBe(0)
    clock += 2 * 86_400_000
    expect(book.purge()).toBe(2)
    expect(() => book.get(a.id)).toThrow(AppError)
  })

  it('refuses to edit, pick or remove a customer that does not exist', () => {
    expect(() => book.save(P, 'nope', { customerName: 'x' })).toThrow(/customer nope/)
    expect(() => book.use('nope')).toThrow(AppError)
    expect(() => book.remove(['nope'])).toThrow(AppError)
  })
})
