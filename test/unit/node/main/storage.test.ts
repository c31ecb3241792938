import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError } from '@shared/errors/app-error'
import { silentLogger } from '../../../../src/main/services/log'
import { Storage } from '../../../../src/main/services/storage'
import { removeDir, tempDir } from '../../../support/tmp'

const schema = z.object({ n: z.number(), items: z.array(z.string()) })
const fallback = () => ({ n: 0, items: [] as string[] })

describe('Storage', () => {
  let dir: string
  let storage: Storage
  beforeEach(async () => {
    dir = await tempDir()
    storage = new Storage(dir, silentLogger)
  })
  afterEach(async () => {
    await removeDir(dir)
  })

  it('gives the fallback for a missing file and creates nothing', async () => {
    const f = storage.file('a.json', schema, fallback)
    expect(await f.read()).toEqual({ n: 0, items: [] })
    expect(await readdir(dir)).toEqual([])
  })

  it('writes atomically into sub-folders, leaves no temp files, and reads back validated', async () => {
    const f = storage.file('sub/a.json', schema, fallback)
    await f.write({ n: 1, items: ['x'] })
    expect(await f.read()).toEqual({ n: 1, items: ['x'] })
    expect(await readdir(join(dir, 'sub'))).toEqual(['a.json'])
    expect(JSON.parse(await readFile(join(dir, 'sub/a.json'), 'utf8'))).toEqual({ n: 1, items: ['x'] })
  })

  it('applies writes in call order even when they overlap', async () => {
    const f = storage.file('a.json', schema, fallback)
    await Promise.all(Array.from({ length: 20 }, (_, i) => f.write({ n: i, items: [] })))
    expect((await f.read()).n).toBe(19)
  })

  it('keeps a file that is not JSON aside, reports it, and never overwrites it', async () => {
    await writeFile(join(dir, 'a.json'), '{"n": 1, "items": [')
    const f = storage.file('a.json', schema, fallback)
    expect(await f.read()).toEqual({ n: 0, items: [] })
    const files = await readdir(dir)
    const aside = files.find((x) => x.startsWith('a.json.corrupt-'))
    expect(aside).toBeDefined()
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{"n": 1, "items": [')
    expect(storage.issues()).toEqual([expect.objectContaining({ file: 'a.json', keptAs: aside, problem: 'not valid JSON' })])
    // A write afterwards creates a new file; the kept copy is untouched.
    await f.write({ n: 2, items: [] })
    expect(await readFile(join(dir, aside!), 'utf8')).toBe('{"n": 1, "items": [')
  })

  it('moves a corrupt file aside once when several reads find it at the same moment', async () => {
    await writeFile(join(dir, 'a.json'), 'not json')
    const f = storage.file('a.json', schema, fallback)
    const results = await Promise.all([f.read(), f.read(), f.read()])
    expect(results).toEqual([fallback(), fallback(), fallback()])
    expect((await readdir(dir)).filter((x) => x.startsWith('a.json.corrupt-'))).toHaveLength(1)
    expect(storage.issues()).toHaveLength(1)
  })

  it('keeps a file that does not match its schema aside, naming the field', async () => {
    await writeFile(join(dir, 'a.json'), JSON.stringify({ n: 'one', items: [] }))
    const f = storage.file('a.json', schema, fallback)
    expect(await f.read()).toEqual({ n: 0, items: [] })
    expect(storage.issues()[0]?.problem).toMatch(/schema.*n:/)
    expect((await readdir(dir)).some((x) => x.startsWith('a.json.corrupt-'))).toBe(true)
  })

  it('reports a write that cannot happen as app.storage', async () => {
    await mkdir(join(dir, 'blocked.json'))
    const f = storage.file('blocked.json', schema, fallback)
    const err = await f.write({ n: 1, items: [] }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).code).toBe('app.storage')
    // The queue survives a failure: the next write to another file still works.
    await storage.file('ok.json', schema, fallback).write({ n: 1, items: [] })
  })

  it('writes files readable by the owner only', async () => {
    if (process.platform === 'win32') return
    const { stat } = await import('node:fs/promises')
    await storage.file('a.json', schema, fallback).write({ n: 1, items: [] })
    expect((await stat(join(dir, 'a.json'))).mode & 0o777).toBe(0o600)
  })
})
