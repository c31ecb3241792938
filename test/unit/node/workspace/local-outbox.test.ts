/** The workstation's outbox: an autosave that changed nothing shared is not queued again (issue 36). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIGRATIONS, openDatabase, type Database } from '../../../../src/main/services/db'
import { LocalSyncStore } from '../../../../src/main/services/workspace'
import { silentLogger } from '../../../../src/main/services/log'
import { removeDir, tempDir } from '../../../support/tmp'

let dir: string
let db: Database
let local: LocalSyncStore

beforeEach(async () => {
  dir = await tempDir()
  db = openDatabase({ dataDir: dir, migrations: MIGRATIONS, log: silentLogger })
  local = new LocalSyncStore(db, () => 1)
})
afterEach(async () => {
  db.close()
  await removeDir(dir)
})

const queued = () => local.next(100).map((o) => [o.id, o.body, o.removed])

describe('the outbox', () => {
  it('does not queue a record’s body again when its last queued change already has it', () => {
    local.enqueue('draft', 'd1', { name: 'A', n: 1 }, false)
    local.enqueue('draft', 'd1', { name: 'A', n: 1 }, false)
    local.enqueue('draft', 'd1', { name: 'A', n: 1 }, false)
    expect(queued()).toEqual([['d1', { name: 'A', n: 1 }, false]])
  })

  it('queues every real change, a change back included, and a removal of the same body', () => {
    local.enqueue('draft', 'd1', { n: 1 }, false)
    local.enqueue('draft', 'd1', { n: 2 }, false)
    local.enqueue('draft', 'd1', { n: 1 }, false)
    local.enqueue('draft', 'd1', { n: 1 }, true)
    // Another record with the same body is its own change.
    local.enqueue('draft', 'd2', { n: 1 }, true)
    expect(queued()).toEqual([
      ['d1', { n: 1 }, false],
      ['d1', { n: 2 }, false],
      ['d1', { n: 1 }, false],
      ['d1', { n: 1 }, true],
      ['d2', { n: 1 }, true],
    ])
  })

  it('queues the body again once the last change was accepted (the server may have a colleague’s since)', () => {
    local.enqueue('draft', 'd1', { n: 1 }, false)
    local.accepted(local.next(1)[0]!, 1)
    local.enqueue('draft', 'd1', { n: 1 }, false)
    expect(queued()).toEqual([['d1', { n: 1 }, false]])
  })
})
