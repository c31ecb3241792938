/**
 * A reading job's results as data: each enterprise's reading (or why its assets could not be read), one JSON line
 * per enterprise in `renewals/readings/<jobId>.jsonl` of the data folder, appended by the `renewals.read` kind before
 * the runner records the item's result. So a paused, interrupted or restarted job resumes with the enterprises not
 * read yet, and what was read before is not lost; the service merges the lines into the profile's cache.
 */
import { appendFile, mkdir, readFile, rm } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { cachedEnterpriseSchema, type CachedEnterprise } from './cache'

export function readingsPath(dataDir: string, jobId: string): string {
  return join(dataDir, 'renewals', 'readings', `${encodeURIComponent(jobId)}.jsonl`)
}

/** Appends lines one write at a time (a line is whole or, after a kill mid-write, the torn last one). */
export class ReadingsWriter {
  private chain: Promise<void> = Promise.resolve()
  private made = false

  constructor(private readonly path: string) {}

  /** On disk (page cache) when this resolves. */
  append(e: CachedEnterprise): Promise<void> {
    const line = `${JSON.stringify(e)}\n`
    const next = this.chain.then(async () => {
      if (!this.made) {
        await mkdir(dirname(this.path), { recursive: true })
        this.made = true
      }
      await appendFile(this.path, line, 'utf8')
    })
    // One failed write must not block the next; the caller of this one sees its error.
    this.chain = next.catch(() => {})
    return next
  }
}

/** The job's readings in the order written (a torn or invalid line is left out: that enterprise is read again). */
export async function readReadings(path: string): Promise<CachedEnterprise[]> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return []
    throw err
  }
  const out: CachedEnterprise[] = []
  for (const line of text.split('\n')) {
    if (!line) continue
    try {
      const r = cachedEnterpriseSchema.safeParse(JSON.parse(line))
      if (r.success) out.push(r.data)
    } catch {
      // A torn last line (killed mid-write): its item has no result either.
    }
  }
  return out
}

export function removeReadings(path: string): Promise<void> {
  return rm(path, { force: true })
}
