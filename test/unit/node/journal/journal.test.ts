import { appendFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AppError } from '@shared/errors/app-error'
import { createApiClient } from '../../../../src/main/api/client'
import type { JournalStart } from '../../../../src/main/api/journal-sink'
import { Journal } from '../../../../src/main/services/journal'

let dir: string
let journals: Journal[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ld-journal-'))
})
afterEach(async () => {
  await Promise.all(journals.map((j) => j.close()))
  journals = []
  rmSync(dir, { recursive: true, force: true })
})

function open(opts: Partial<ConstructorParameters<typeof Journal>[0]> = {}): Journal {
  const j = new Journal({ dataDir: dir, ...opts })
  journals.push(j)
  return j
}

let t = Date.UTC(2025, 4, 10, 12, 0, 0)
function start(over: Partial<JournalStart> = {}): JournalStart {
  t += 1000
  return {
    profileId: 'p1',
    operation: 'lockAssets',
    method: 'POST',
    path: '/order/api/order/v1/asset/lock',
    query: {},
    body: { assetNums: ['A1', 'A2'], operatorIdentity: 'ops@example.com' },
    nonce: `n${t}`,
    attempt: 0,
    startedAt: t,
    ...over,
  }
}

function files(): string[] {
  return readdirSync(join(dir, 'journal')).sort()
}

describe('Journal', () => {
  it('keeps counts, shell numbers and the send time of an end; older lines without them still read', async () => {
    const j = open()
    const [a, b] = await j.startedAll([start(), start({ operation: 'getShellNums', path: '/order/api/order/v1/shellnums', body: { size: 3 } })])
    const t0 = t
    await j.ended(a!, { outcome: 'ok', endedAt: t0 + 90, sentAt: t0 + 50, httpStatus: 200, summary: '2 locks: 1 ok, 1 status 2', counts: { kind: 'locks', total: 2, ok: 1, notFound: 1, failed: 0, wrongType: 0 } })
    const numbers = ['8000000101', '8000000102', '6000000103']
    await j.ended(b!, { outcome: 'ok', endedAt: t0 + 5, httpStatus: 200, summary: '3 shell numbers', counts: { kind: 'shellNumbers', issued: 3 }, shellNumbers: numbers })
    // A line as written before counts existed.
    const old = start()
    const id = await j.started(old)
    const file = join(dir, 'journal', files()[0]!)
    appendFileSync(file, JSON.stringify({ t: 'end', id, endedAt: old.startedAt + 7, durationMs: 7, outcome: 'ok', httpStatus: 200, summary: '2 locks: 2 ok' }) + '\n')

    const { entries, issues } = await j.list({})
    expect(issues).toEqual([])
    const byId = new Map(entries.map((e) => [e.id, e]))
    // From sending to the answer, not from the entry (written ahead of sending).
    expect(byId.get(a!)).toMatchObject({ sentAt: t0 + 50, durationMs: 40, counts: { kind: 'locks', ok: 1, notFound: 1 } })
    expect(byId.get(b!)).toMatchObject({ shellNumbers: numbers, counts: { kind: 'shellNumbers', issued: 3 } })
    expect(byId.get(id)).toMatchObject({ summary: '2 locks: 2 ok', durationMs: 7 })
    expect(byId.get(id)!.counts).toBeUndefined()
    // A shell number finds the call that issued it, in the list and in both exports.
    expect((await j.list({ text: '6000000103' })).entries.map((e) => e.id)).toEqual([b])
    const csv = Papa.parse<Record<string, string>>((await j.export({}, 'csv')).content, { header: true }).data
    expect(csv.find((r) => r['operation'] === 'getShellNums')?.['shellNumbers']).toBe(numbers.join(' '))
    expect(JSON.parse((await j.export({ operations: ['getShellNums'] }, 'json')).content)[0].shellNumbers).toEqual(numbers)
    // The table a streamed export (exports.run) writes: the same columns and cells as the CSV.
    const table = await j.exportTable({ operations: ['getShellNums'] })
    expect(table.total).toBe(1)
    expect(table.rows[0]![table.columns.indexOf('shellNumbers')]).toBe(numbers.join(' '))
    expect(table.columns).toEqual(Object.keys(csv[0]!))
  })

  it('records the send of a queued call: queued, then pending from its send; the send time is the entry\'s start', async () => {
    const j = open()
    const [q, r, d] = await j.startedAll([start({ queued: true }), start({ queued: true }), start({ operation: 'addMembers', queued: true })])
    const t0 = t
    const entry = async (id: string) => (await j.list({})).entries.find((e) => e.id === id)!
    expect(await entry(q!)).toMatchObject({ outcome: 'queued', startedAt: t0 - 2000, queuedAt: t0 - 2000 })
    expect((await entry(q!)).sentAt).toBeUndefined()
    // Written to the file at once (the file is open: the starts were just written), before the request leaves.
    expect(j.sent(q!, t0 + 30)).toBeNull()
    expect(j.sent(d!, t0 + 40)).toBeNull()
    expect(readFileSync(join(dir, 'journal', files()[0]!), 'utf8')).toContain(`{"t":"sent","id":"${d}","at":${t0 + 40}}`)
    expect(await entry(q!)).toMatchObject({ outcome: 'pending', startedAt: t0 + 30, sentAt: t0 + 30, queuedAt: t0 - 2000 })
    await j.ended(q!, { outcome: 'ok', endedAt: t0 + 80, sentAt: t0 + 31, httpStatus: 200 })
    await j.ended(r!, { outcome: 'notSent', endedAt: t0 + 90, counts: { kind: 'notSent' } })
    expect(await entry(q!)).toMatchObject({ outcome: 'ok', startedAt: t0 + 31, durationMs: 49 })
    expect(await entry(r!)).toMatchObject({ outcome: 'notSent', startedAt: t0 - 1000 })
    expect((await entry(r!)).error).toBeUndefined()
    // Another process (after a kill) reads: the create was sent (it is read back), nothing else is open.
    const other = new Journal({ dataDir: dir })
    journals.push(other)
    expect((await other.list({})).entries.find((e) => e.id === d)).toMatchObject({ outcome: 'interrupted', sentAt: t0 + 40 })
  })

  it('after a kill: a queued call without a send reads "interrupted before sending", one sent "interrupted"; old lines as before', async () => {
    const j = open()
    const [a, b] = await j.startedAll([start({ queued: true }), start({ queued: true })])
    const sentAt = t + 5
    j.sent(b!, sentAt)
    const c = await j.started(start()) // journaled just before its send (a single call)
    // An old bulk line (written ahead, before `queued` existed), and an entry a pause ended as an error then.
    const old = start()
    const file = join(dir, 'journal', files()[0]!)
    appendFileSync(file, JSON.stringify({ t: 'start', id: 'old1', profileId: 'p1', operation: 'lockAssets', method: 'POST', path: '/x', query: {}, nonce: 'n', attempt: 0, startedAt: old.startedAt }) + '\n')
    appendFileSync(file, JSON.stringify({ t: 'end', id: 'old2', endedAt: 1, durationMs: 1, outcome: 'error', counts: { kind: 'notSent' }, error: AppError.app('app.cancelled').toData() }) + '\n')
    appendFileSync(file, JSON.stringify({ t: 'start', id: 'old2', profileId: 'p1', operation: 'lockAssets', method: 'POST', path: '/x', query: {}, nonce: 'n', attempt: 0, startedAt: old.startedAt }) + '\n')
    // Queued in another boot of the machine: its "sent" line may have been lost when it stopped.
    appendFileSync(file, JSON.stringify({ t: 'boot', boot: 'another-boot', at: 1 }) + '\n')
    appendFileSync(file, JSON.stringify({ t: 'start', id: 'boot2', profileId: 'p1', operation: 'lockAssets', method: 'POST', path: '/x', query: {}, nonce: 'n', attempt: 0, startedAt: old.startedAt, queued: true }) + '\n')
    const other = new Journal({ dataDir: dir })
    journals.push(other)
    const byId = new Map((await other.list({})).entries.map((e) => [e.id, e]))
    expect(byId.get(a!)).toMatchObject({ outcome: 'interruptedBeforeSend' })
    expect(byId.get(a!)!.sentAt).toBeUndefined()
    expect(byId.get(b!)).toMatchObject({ outcome: 'interrupted', sentAt })
    expect(byId.get(c)).toMatchObject({ outcome: 'interrupted' })
    expect(byId.get('old1')).toMatchObject({ outcome: 'interrupted' })
    expect(byId.get('boot2')).toMatchObject({ outcome: 'interrupted' })
    // Pausing used to end such entries as errors: they read "not sent" now.
    expect(byId.get('old2')).toMatchObject({ outcome: 'notSent' })
    expect((await other.list({ outcomes: ['interruptedBeforeSend'] })).entries.map((e) => e.id)).toEqual([a])
  })

  it('a prepared call that cannot be sent (client closed, no service address) ends its entry as not sent', async () => {
    const j = open()
    for (const [baseUrl, code] of [['http://127.0.0.1:9', 'app.internal'], ['not an address', 'app.network']] as const) {
      const getSecret = async (n: string) => (n === 'orderAccessToken' ? 'pasted' : null)
      const c = createApiClient({ profileId: 'p1', baseUrl, tokenUrl: '', orderAppKey: 'k', memberAppKey: '', userLogin: '', operatorIdentity: 'op', getSecret }, { journal: j })
      const [p] = await c.prepareAll('lockAssets', [{ req: { body: { assetNums: ['A1'], operatorIdentity: 'op' } } }])
      if (code === 'app.internal') await c.close()
      await expect(c.call('lockAssets', { body: { assetNums: ['A1'], operatorIdentity: 'op' } }, { prepared: p! })).rejects.toMatchObject({ code })
      await c.close()
    }
    const { entries } = await j.list({})
    expect(entries.map((e) => [e.outcome, e.counts])).toEqual([
      ['notSent', { kind: 'notSent' }],
      ['notSent', { kind: 'notSent' }],
    ])
  })

  it('writes a lock chunk\'s body as sent when nothing in it is secret, and redacts otherwise', async () => {
    const j = open()
    const locks = start()
    const sent = JSON.stringify(locks.body)
    await j.started({ ...locks, bodyJson: sent })
    const members = start({ operation: 'addMembers', body: { userList: [{ userName: 'u', password: 'S3CR3T-pw', name: 'U' }] } })
    await j.started({ ...members, bodyJson: JSON.stringify(members.body) })
    const raw = readFileSync(join(dir, 'journal', files()[0]!), 'utf8')
    expect(raw).toContain(`"body":${sent}`)
    expect(raw).not.toContain('S3CR3T')
    const bodies = (await j.list({})).entries.map((e) => e.body)
    expect(bodies).toContainEqual(locks.body)
    expect(bodies).toContainEqual({ userList: [{ userName: 'u', password: '[redacted]', name: 'U' }] })
  })

  it('writes a start line before and an end line after, and lists them merged, newest first', async () => {
    const j = open()
    const a = await j.started(start())
    // on disk already, before any end
    const text = readFileSync(join(dir, 'journal', files()[0]!), 'utf8')
    const lines = text.trim().split('\n')
    // The boot of the machine the lines are written in (see boot.ts), then the start.
    expect(lines.map((l) => (JSON.parse(l) as { t: string }).t)).toEqual(['boot', 'start'])
    expect((await j.list({})).entries[0]).toMatchObject({ id: a, outcome: 'pending' })
    await j.ended(a, { outcome: 'ok', endedAt: t + 40, httpStatus: 200, summary: '2 locks: 2 ok' })
    const b = await j.started(start({ operation: 'addMembers', path: '/me/api/v1/enterprise/E1/member', context: { jobId: 'job-9', chunk: 3 } }))
    await j.ended(b, { outcome: 'unknown', endedAt: t + 10, error: AppError.app('app.unknownOutcome').toData() })

    const page = await j.list({})
    expect(page.total).toBe(2)
    expect(page.entries.map((e) => e.id)).toEqual([b, a])
    expect(page.entries[1]).toMatchObject({ outcome: 'ok', durationMs: 40, httpStatus: 200, summary: '2 locks: 2 ok', body: { assetNums: ['A1', 'A2'] } })
    expect(page.entries[0]).toMatchObject({ outcome: 'unknown', jobId: 'job-9', chunk: 3, error: { code: 'app.unknownOutcome' } })
    expect(page.issues).toEqual([])
  })

  it('filters by profile, operation, outcome, time range, text and job, and pages', async () => {
    const j = open()
    const ids: string[] = []
    for (let i = 0; i < 12; i++) {
      const id = await j.started(start({ profileId: i % 2 ? 'p2' : 'p1', operation: i % 3 ? 'lockAssets' : 'unlockAssets', context: { jobId: i < 4 ? 'jobA' : 'jobB' } }))
      await j.ended(id, { outcome: i % 4 === 0 ? 'error' : 'ok', endedAt: t + 1 })
      ids.push(id)
    }
    const first = (await j.list({})).entries
    expect((await j.list({ profileId: 'p2' })).total).toBe(6)
    expect((await j.list({ operations: ['unlockAssets'] })).total).toBe(4)
    expect((await j.list({ outcomes: ['error'] })).total).toBe(3)
    expect((await j.list({ jobId: 'jobA' })).total).toBe(4)
    expect((await j.list({ from: first[2]!.startedAt })).total).toBe(3)
    expect((await j.list({ to: first[9]!.startedAt })).total).toBe(2)
    expect((await j.list({ text: first[5]!.nonce.toUpperCase() })).entries.map((e) => e.id)).toEqual([first[5]!.id])
    expect((await j.list({ text: 'ops@example' })).total).toBe(12)
    const p2 = await j.list({ offset: 5, limit: 5 })
    expect(p2.entries.map((e) => e.id)).toEqual(first.slice(5, 10).map((e) => e.id))
    expect(p2.total).toBe(12)
  })

  it('tolerates and reports a torn last line, and keeps later lines readable', async () => {
    const j1 = open()
    const a = await j1.started(start())
    await j1.close()
    journals = []
    const file = join(dir, 'journal', files()[0]!)
    appendFileSync(file, '{"t":"end","id":"' + a + '","endedAt":1') // the crash

    const j2 = open()
    const p = await j2.list({})
    expect(p.entries[0]).toMatchObject({ id: a, outcome: 'interrupted' })
    // Line 1 is the boot line, 2 the start.
    expect(p.issues).toEqual([expect.objectContaining({ line: 3, problem: expect.stringContaining('incomplete') })])

    const b = await j2.started(start())
    await j2.ended(b, { outcome: 'ok', endedAt: t + 5 })
    const after = await open().list({})
    expect(after.entries.map((e) => [e.id, e.outcome])).toEqual([
      [b, 'ok'],
      [a, 'interrupted'],
    ])
    expect(after.issues).toEqual([expect.objectContaining({ line: 3, problem: 'not valid JSON' })])
  })

  it('skips and reports lines that are JSON but not journal lines', async () => {
    const j = open()
    await j.started(start())
    appendFileSync(join(dir, 'journal', files()[0]!), '{"t":"start","id":5}\n')
    const p = await j.list({})
    expect(p.total).toBe(1)
    expect(p.issues).toEqual([{ file: files()[0], line: 3, problem: 'not a journal line' }])
  })

  it('rotates by month and by size, and merges an end written into the next file', async () => {
    let now = Date.UTC(2025, 0, 31, 12)
    const j = open({ now: () => now, maxFileBytes: 2_000 })
    const a = await j.started(start({ startedAt: now }))
    now = Date.UTC(2025, 1, 1, 12)
    await j.ended(a, { outcome: 'ok', endedAt: now })
    for (let i = 0; i < 10; i++) await j.started(start({ startedAt: now }))
    const names = files()
    expect(names).toContain('journal-2025-01.jsonl')
    expect(names).toContain('journal-2025-02.jsonl')
    expect(names).toContain('journal-2025-02.2.jsonl')
    for (const n of names) expect(statSync(join(dir, 'journal', n)).size).toBeLessThanOrEqual(2_000)
    const p = await open({ now: () => now, maxFileBytes: 2_000 }).list({ limit: 500 })
    expect(p.total).toBe(11)
    expect(p.entries.find((e) => e.id === a)).toMatchObject({ outcome: 'ok' })
  })

  it('group commit: 200 concurrent starts all land, each once', async () => {
    const j = open()
    const ids = await Promise.all(Array.from({ length: 200 }, () => j.started(start())))
    const lines = readFileSync(join(dir, 'journal', files()[0]!), 'utf8').trim().split('\n').filter((l) => !l.startsWith('{"t":"boot"'))
    expect(lines).toHaveLength(200)
    expect(new Set(lines.map((l) => (JSON.parse(l) as { id: string }).id))).toEqual(new Set(ids))
  })

  it('refuses (so the call is not sent) when the journal cannot be written', async () => {
    writeFileSync(join(dir, 'journal'), 'a file where the folder should be')
    const j = open()
    await expect(j.started(start())).rejects.toBeInstanceOf(AppError)
  })

  it('an export holds the newest entries up to its bound, and says how many matched', async () => {
    const j = open({ maxExportEntries: 3 })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push(await j.started(start()))
    const json = await j.export({}, 'json')
    expect(json).toMatchObject({ count: 3, total: 5 })
    expect((JSON.parse(json.content) as { id: string }[]).map((e) => e.id)).toEqual(ids.slice(2).reverse())
    expect(await j.export({}, 'csv')).toMatchObject({ count: 3, total: 5 })
  })

  it('exports CSV (formula-safe) and JSON with the filters', async () => {
    const j = open()
    const a = await j.started(start({ body: { assetNums: ['=HYPERLINK("x")'], operatorIdentity: 'op' } }))
    await j.ended(a, { outcome: 'error', endedAt: t + 3, error: AppError.api('13004', 'bad lock', 'cause').toData(), httpStatus: 299 })
    await j.started(start({ profileId: 'other' }))
    const csv = await j.export({ profileId: 'p1' }, 'csv')
    expect(csv).toMatchObject({ mimeType: 'text/csv', count: 1 })
    expect(csv.fileName).toMatch(/^journal-.*\.csv$/)
    const rows = Papa.parse<Record<string, string>>(csv.content.trim(), { header: true }).data
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ operation: 'lockAssets', outcome: 'error', errorCode: '13004', serverMessage: 'bad lock', httpStatus: '299' })
    expect(rows[0]!['errorMessage']).toBe('Parameter validation error.')
    expect(JSON.parse(rows[0]!['request']!)).toEqual({ assetNums: ['=HYPERLINK("x")'], operatorIdentity: 'op' })
    const json = await j.export({}, 'json')
    expect(JSON.parse(json.content)).toHaveLength(2)
  })
})
