/** Temporary folders for tests, removed afterwards. */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A fresh empty folder under the system temp dir. */
export function tempDir(prefix = 'ld-test-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix))
}

/** Removes a folder made by `tempDir` (never fails a test on cleanup). */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined)
}
