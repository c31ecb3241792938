import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppendLog } from '../../../../src/main/services/journal'

const dirs: string[] = []
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function file(): string {
  const d = mkdtempSync(join(tmpdir(), 'ld-append-'))
  dirs.push(d)
  return join(d, 'sub', 'log.jsonl')
}

describe('AppendLog', () => {
  it('an append made the moment the previous one resolves is never stranded', async () => {
    const path = file()
    const log = new AppendLog(() => path)
    // Each append starts in the continuation of the last: the window where a flush is ending.
    const chained: Promise<void>[] = []
    for (let i = 0; i < 300; i++) {
      await log.append(`{"i":${i}}`)
      chained.push(log.append(`{"j":${i}}`).then(() => log.append(`{"k":${i}}`)))
    }
    await Promise.all(chained)
    await log.close()
    const lines = readFileSync(path, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(900)
  })

  it('opens a new file with its header, and one ending in a torn line with a newline first (each in the first write)', async () => {
    const path = file()
    let opens = 0
    const header = () => `{"h":${++opens}}`
    const log = new AppendLog(() => path, 25, header)
    // No file open yet: a line that must be in the file at once is refused, and the caller appends it instead.
    expect(log.writeNow('{"early":1}')).toBe(false)
    await log.append('{"a":1}')
    expect(log.writeNow('{"now":1}')).toBe(true)
    await log.close()
    appendFileSync(path, '{"torn":')
    const again = new AppendLog(() => path, 25, header)
    await again.append(['{"b":2}', '{"c":3}'])
    await again.close()
    expect(readFileSync(path, 'utf8').split('\n')).toEqual(['{"h":1}', '{"a":1}', '{"now":1}', '{"torn":', '{"h":2}', '{"b":2}', '{"c":3}', ''])
  })

  it('a deferred line that throws fails its batch, and the log goes on', async () => {
    const path = file()
    const log = new AppendLog(() => path)
    // Lazy, as a job's results line is: written with the next line, in one batch.
    const bad = log.append(
      () => {
        throw new Error('cannot make the line')
      },
      { lazy: true },
    )
    const alongside = log.append('{"a":1}')
    await expect(bad).rejects.toMatchObject({ code: 'app.storage' })
    await expect(alongside).rejects.toMatchObject({ code: 'app.storage' })
    // Not stuck: the next line is written (the timeout makes a hang fail fast).
    const next = log.append('{"b":2}')
    await expect(Promise.race([next.then(() => 'written'), new Promise((r) => setTimeout(() => r('hung'), 1000))])).resolves.toBe('written')
    await log.close()
    expect(readFileSync(path, 'utf8')).toBe('{"b":2}\n')
  })

  it('many concurrent appends share fsyncs and all land in order of their batches', async () => {
    const path = file()
    const log = new AppendLog(() => path)
    await Promise.all(Array.from({ length: 500 }, (_, i) => log.append([`a${i}`, `b${i}`])))
    await log.close()
    const lines = readFileSync(path, 'utf8').trim().split('\n')
    expect(lines).toHaveLength(1000)
    // a batch's lines stay together
    for (let i = 0; i < 1000; i += 2) expect(lines[i]!.slice(1)).toBe(lines[i + 1]!.slice(1))
  })

  it('rejects after close', async () => {
    const path = file()
    const log = new AppendLog(() => path)
    await log.close()
    await expect(log.append('x')).rejects.toMatchObject({ code: 'app.storage' })
  })
})

describe('AppendLog lazy lines', () => {
  it('a lazy line waits for the next flush (or its timer), and is on disk when its promise resolves', async () => {
    const path = file()
    const log = new AppendLog(() => path, 200)
    const lazy = log.append('lazy-1', { lazy: true })
    await new Promise((r) => setTimeout(r, 50))
    expect(() => readFileSync(path, 'utf8')).toThrow() // nothing written yet
    await log.append('urgent') // takes the lazy line along
    expect(readFileSync(path, 'utf8')).toBe('lazy-1\nurgent\n')
    await lazy
    const lazy2 = log.append('lazy-2', { lazy: true }) // alone: written by its timer
    // A timer due before the log's runs before it, however late both fire on a busy machine: not written by then.
    await new Promise((r) => setTimeout(r, 100))
    expect(readFileSync(path, 'utf8')).toBe('lazy-1\nurgent\n')
    await lazy2
    expect(readFileSync(path, 'utf8')).toBe('lazy-1\nurgent\nlazy-2\n')
    await log.close()
  })

  it('close writes lazy lines at once', async () => {
    const path = file()
    const log = new AppendLog(() => path, 60_000)
    const p = log.append('l', { lazy: true })
    await log.close()
    await p
    expect(readFileSync(path, 'utf8')).toBe('l\n')
  })
})
