/**
 * What the orders outbox reads from and adds to the journal: whether a call journaled ahead left the machine (its
 * send record), as a new process sees it after the one that wrote it was killed; and how an UNKNOWN call was
 * resolved (read back, decided), on its entry.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Journal } from '../../../../src/main/services/journal'
import type { JournalStart } from '../../../../src/main/api/journal-sink'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function dataDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'ld-journal-res-'))
  dirs.push(d)
  return d
}

const start = (nonce: string): JournalStart => ({
  profileId: 'p1',
  operation: 'batchOrder',
  method: 'POST',
  path: '/licenseOrder/batchOrder',
  query: {},
  body: { channelOrderId: nonce },
  nonce,
  attempt: 0,
  startedAt: Date.now(),
  queued: true,
})

describe('the send record, read by another process', () => {
  it('a call journaled ahead without a send record never left; with one, it did', async () => {
    const dir = dataDir()
    const writer = new Journal({ dataDir: dir })
    const [a, b] = await writer.startedAll([start('nonce-a'), start('nonce-b')])
    await writer.sent(b!, Date.now())
    await writer.close()
    // A new process (the writer is gone, nothing ended).
    const reader = new Journal({ dataDir: dir })
    expect(await reader.sendState('p1', a!, 'nonce-a')).toBe('notSent')
    expect(await reader.sendState('p1', b!, 'nonce-b')).toBe('sent')
    expect(await reader.sendState('p1', 'no-such-id', 'nonce-c')).toBe('unknown')
    await reader.close()
  })
})

describe('resolutions', () => {
  it('are listed on the entry they resolve, oldest first', async () => {
    const dir = dataDir()
    const j = new Journal({ dataDir: dir })
    const [id] = await j.startedAll([start('nonce-r')])
    await j.sent(id!, Date.now())
    await j.ended(id!, { outcome: 'unknown', endedAt: Date.now(), sentAt: Date.now() })
    await j.resolved(id!, { at: 2, by: 'user', verdict: 'done', summary: 'the user decided: done' })
    await j.resolved(id!, { at: 1, by: 'readBack', verdict: 'cannotTell', summary: 'read back: 1 cannotTell (assetsPartly)' })
    await j.close()
    const page = await new Journal({ dataDir: dir }).list({ text: 'nonce-r' })
    expect(page.entries[0]!.outcome).toBe('unknown')
    expect(page.entries[0]!.resolutions?.map((r) => [r.by, r.verdict])).toEqual([
      ['readBack', 'cannotTell'],
      ['user', 'done'],
    ])
  })
})
