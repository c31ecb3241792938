/**
 * The data folder's owner lock (src/main/core/owner.ts) within one process: one holder at a time, the holder named
 * in an owner file only the user can read, the folder free again once released. Across processes (and a holder
 * killed with SIGKILL) see test/integration/core/one-owner.test.ts.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { claimDataDir, dataDirBusy, describeHolder, OWNER_INFO_FILE, readOwner, tryClaimDataDir } from '../../../../src/main/core/owner'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ld-owner-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

it('gives the folder to one holder at a time, names it, and frees it on release', () => {
  const first = claimDataDir(dir, 'browser')
  first.setAddress('http://127.0.0.1:5173/#token=secret')
  expect(tryClaimDataDir(dir, 'cli')).toBeNull()
  expect(readOwner(dir)).toMatchObject({ pid: process.pid, shell: 'browser', address: 'http://127.0.0.1:5173/#token=secret' })
  if (process.platform !== 'win32') expect(statSync(join(dir, OWNER_INFO_FILE)).mode & 0o777).toBe(0o600)
  // The error names the holder and its address, never the token.
  const err = dataDirBusy(dir)
  expect(err.code).toBe('app.dataDirBusy')
  expect(err.params.holder).toBe(`process ${process.pid} (browser mode, http://127.0.0.1:5173/)`)
  expect(() => claimDataDir(dir, 'electron')).toThrow(expect.objectContaining({ code: 'app.dataDirBusy' }))
  first.release()
  first.release()
  expect(readOwner(dir)).toBeNull()
  const second = tryClaimDataDir(dir, 'cli')
  expect(second).not.toBeNull()
  expect(describeHolder(readOwner(dir))).toBe(`process ${process.pid} (license-desk command)`)
  second!.release()
})
