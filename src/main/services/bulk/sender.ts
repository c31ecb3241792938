/** Scheduling and concurrency: a round's calls journaled ahead, sent `concurrency` at a time, their answers recorded. */
import type { AppError } from '@shared/errors/app-error'
import type { ItemResult } from '@shared/ipc/channels/bulk'
import type { ApiClient, CallOptions } from '../../api/client'
import { countSends, stop, stopping, type Job, type RunnerContext } from './job'
import type { JobLog } from './job-log'
import { itemError, mayBeAnItemsDoing, type ChunkItemOutcome, type ReadyCall, type SentAnswer } from './kinds'
import { Slots, type Lease } from './slots'

/** A prepared call and the options it is sent with. */
interface Queued {
  call: ReadyCall
  opts: CallOptions
}

/**
 * Most calls journaled ahead of sending (their start entries on disk, and for creates their items in a "send"
 * line, waiting for a free slot), topped up when down to a quarter. Far enough ahead that a slow disk (an fsync
 * takes 0.2 ms on a quiet machine, 5 ms and more on a busy one) never leaves a slot waiting, in writes that each
 * carry what was built while the one before was under way (an fsync costs the CPU of tens of calls). The send
 * itself is then recorded as it happens (a line written at once, not fsynced: see Journal.sent and
 * JobStore.markSent), so after the app is killed a call never sent reads "not sent" and its items are simply sent
 * again; only creates that left are read back.
 */
const AHEAD = 128
/** Automatic retries of each call made to isolate the item that fails a chunk (the chunk's failure was retried already). */
const SPLIT_RETRIES = 1
/** Calls of an isolation that all failed alike, none answered, after which the failure is taken as not one item's doing. */
const SPLIT_GIVE_UP = 4

/** Halves of a list (the first one the larger). */
function halves(items: number[]): number[][] {
  const mid = Math.ceil(items.length / 2)
  return [items.slice(0, mid), items.slice(mid)]
}

export class Sender {
  constructor(
    private readonly ctx: RunnerContext,
    private readonly log: JobLog,
  ) {}

  /**
   * Sends chunks, at most `concurrency` requests in flight at a time (Slots). Calls are journaled ahead in
   * batches (their start entries written with one write and one fsync, creates' "send" line likewise, batches
   * built meanwhile joining the next write; see AHEAD): a call never waits on the disk, and a job costs a few
   * fsyncs, not one per call. Results are recorded as answers come.
   */
  async sendChunks(job: Job, chunks: number[][], concurrency: number): Promise<void> {
    const window = Math.max(AHEAD, concurrency * 4)
    const low = Math.max(concurrency, window >> 2)
    const queue: Queued[] = []
    let next = 0
    let preparing = 0
    const feeding = new Set<Promise<void>>()
    // Set once the round's calls are done: a batch still waiting for its turn then starts nothing (after a pause
    // and a quick resume it would otherwise journal calls that this round will not send).
    let ended = false
    // Calls are journaled in batches of `concurrency`. The first batch goes alone; the others wait until the first
    // calls have left (for a create, once the job file is on disk as well), then each is built in a turn of the
    // event loop of its own (setImmediate). Answers that come in meanwhile are read between two batches, not after
    // all of them (building 20 calls of 100 employees at once held the first answers back 8 ms), and the batches'
    // journal writes join in the log's group commit (a batch built while one is written goes with the next write).
    let release = (): void => undefined
    const released = new Promise<void>((r) => (release = r))
    let turn: Promise<void> = Promise.resolve()
    let first = true

    const feed = (): void => {
      while (!ended && next < chunks.length && !stopping(job)) {
        const room = Math.min(concurrency, window - queue.length - preparing)
        if (room <= 0) return
        const batch = chunks.slice(next, next + room)
        next += batch.length
        preparing += batch.length
        const myTurn = turn
        turn = (first ? released : turn).then(() => new Promise<void>((r) => setImmediate(r)))
        const wasFirst = first
        first = false
        const p: Promise<void> = myTurn
          .then(() => (ended || stopping(job) ? [] : this.prepareChunks(job, batch)))
          .then((ready) => {
            for (const r of ready) queue.push(r)
          })
          .finally(() => {
            preparing -= batch.length
            feeding.delete(p)
            if (!wasFirst) return
            // In a timer, not setImmediate: the HTTP client writes the requests taken in this step from
            // an immediate queued after it. The job log's lazy lines (a lock job's own line among them) were held
            // back until now too.
            const after = job.kind.create ? job.written.catch(() => undefined) : Promise.resolve()
            void after.then(() =>
              setTimeout(() => {
                this.ctx.store.flushSoon(job.file.id)
                release()
              }, 0),
            )
          })
        feeding.add(p)
      }
    }

    // A place first, then a call for it. A call gives its place back as soon as its answer is in (the client
    // reads the answer after the next request has left: see CallSlot), so the calls are not awaited here one by one.
    const slots = new Slots(concurrency)
    const sending: Promise<void>[] = []
    let failure: { err: unknown } | null = null
    while (!stopping(job)) {
      const lease = await slots.take()
      if (queue.length <= low) feed()
      let r = queue.shift()
      while (!r) {
        if (feeding.size === 0) feed()
        if (feeding.size === 0) break // nothing left to prepare, nothing queued
        await Promise.race(feeding)
        r = queue.shift()
      }
      if (!r || stopping(job)) {
        lease.release()
        if (r) queue.unshift(r)
        break
      }
      sending.push(
        this.sendChunk(job, r, lease).then(
          () => lease.release(),
          (err: unknown) => {
            lease.release()
            failure ??= { err }
          },
        ),
      )
    }
    await Promise.all(sending)
    ended = true
    await Promise.all(feeding)
    // Journaled but not sent (the run stopped): their entries end as "not sent".
    await Promise.all(queue.splice(0).map((r) => this.unsent(job, r)))
    if (failure) throw failure.err
  }

  /** Closes the journal entry of a call that will not be sent; its items stay pending. */
  private async unsent(job: Job, r: Queued): Promise<void> {
    await r.call.abandon().catch(() => undefined)
    if (job.kind.create) countSends(job, r.call.items, -1)
  }

  /**
   * Builds the calls of some chunks and puts their journal start entries on disk (one write), and for creates
   * the job's "sending these" line (after a crash those items are read back, never blindly resent).
   */
  private async prepareChunks(job: Job, chunks: number[][]): Promise<Queued[]> {
    // Asked per batch: when the profile changes mid-job, the next calls use its new client.
    let client: ApiClient
    try {
      client = await this.ctx.deps.clientFor(job.file.profileId)
    } catch (err) {
      stop(job, err)
      return []
    }
    const built = job.kind.calls(chunks.map((items) => ({ items, context: { jobId: job.file.id, chunk: job.chunkSeq++ } })))
    // An item that cannot be sent: its chunk's items fail with the error; the job goes on.
    for (const r of built.refused) void this.log.recordAll(job, r.items, { state: 'failed', error: itemError(r.error) })
    if (built.chunks.length === 0) return []
    const items = job.kind.create ? built.chunks.flatMap((c) => c.items) : []
    countSends(job, items, 1)
    const [prep, sendLine] = await Promise.allSettled([
      built.prepare(client, { signal: job.abort!, ahead: true }),
      job.kind.create ? this.ctx.store.append(job.file.id, { e: 'send', items, at: this.ctx.now() }) : undefined,
    ])
    if (prep.status === 'rejected' || sendLine.status === 'rejected') {
      if (prep.status === 'fulfilled') for (const p of prep.value) await p.abandon().catch(() => undefined)
      countSends(job, items, -1)
      const err: unknown = prep.status === 'rejected' ? prep.reason : (sendLine as PromiseRejectedResult).reason
      // While cancelling, nothing more is sent anyway: no error to show. Otherwise the job stops with it.
      if (!job.cancelRequested) stop(job, err)
      return []
    }
    return prep.value.map((call, k) => ({ call, opts: { signal: job.abort!, context: built.chunks[k]!.context, awaitJournalEnd: false } }))
  }

  /** Sends a call, counting its items in flight meanwhile. */
  private async sendOne(job: Job, q: Queued, lease: Lease): Promise<SentAnswer> {
    const n = q.call.items.length
    job.inFlight += n
    try {
      q.opts.slot = lease
      return await q.call.send(q.opts)
    } finally {
      job.inFlight -= n
    }
  }

  /** Sends one prepared call and records its items' results (their write is awaited at the end of the run). */
  private async sendChunk(job: Job, q: Queued, lease: Lease): Promise<void> {
    // A create waits for the job file: after a crash its items must be found and read back. A lock toggle
    // need not: if the app dies in those few milliseconds, the job is gone but nothing was done twice.
    if (job.kind.create) {
      const failed = await job.written.then(
        () => null,
        (err: unknown) => err,
      )
      if (failed !== null) stop(job, failed)
      if (stopping(job)) {
        await this.unsent(job, q)
        return
      }
      // In the job log before the request leaves (see the log's `sent` line): after the app is killed, items
      // without it were never sent, and are not read back.
      const marked = this.ctx.store.markSent(job.file.id, q.call.items, this.ctx.now())
      if (marked) {
        const failed = await marked.then(
          () => null,
          (err: unknown) => err,
        )
        if (failed !== null) {
          stop(job, failed)
          await this.unsent(job, q)
          return
        }
      }
    }
    const items = q.call.items
    const answer = await this.sendOne(job, q, lease)
    if ('error' in answer && job.kind.splittable && items.length > 1 && mayBeAnItemsDoing(answer.error) && !stopping(job)) {
      await this.isolate(job, items, lease)
      return
    }
    this.answered(job, items, answer)
  }

  /** Records the outcomes of an answer (or of its error); a job-stopping error stops the job instead. */
  private answered(job: Job, items: number[], answer: SentAnswer): void {
    let outcomes: ChunkItemOutcome[]
    if ('outcomes' in answer) {
      outcomes = answer.outcomes
    } else {
      try {
        outcomes = job.kind.failure(items, answer.error)
      } catch (err) {
        // Only job-stopping errors get here: stop sending, keep these items as they are (a create is read back
        // before it is sent again).
        if (job.kind.create) for (const i of items) job.unknown.add(i)
        stop(job, err)
        return
      }
    }
    const done: number[] = []
    const results: ItemResult[] = []
    for (let k = 0; k < outcomes.length; k++) {
      const o = outcomes[k]!
      const i = items[k]!
      if ('result' in o) {
        done.push(i)
        results.push(o.result)
      } else if ('unknown' in o) {
        job.unknown.add(i)
      } else if (job.sends[i]! >= this.ctx.maxSends) {
        done.push(i)
        results.push({ state: 'failed', error: o.retry })
      }
      // else: surely not sent; it stays pending and goes out in the next round.
    }
    void this.log.record(job, done, results)
  }

  /**
   * A chunk of an idempotent kind failed as a whole, after the client's retries, with an error the service gave
   * (one of its items may cause it: a lock that makes the service fail): sends its halves, and the halves of
   * those that fail alike, until the failing items are alone, so the others get their own answers. The items
   * left alone with the failure end failed with it. When every call of it fails alike and none is answered
   * (SPLIT_GIVE_UP), the failure is the service's, whatever the items: they all end failed with it.
   */
  private async isolate(job: Job, items: number[], lease: Lease): Promise<void> {
    let groups = halves(items)
    let answered = 0
    let failed = 0
    let last: AppError | null = null
    while (groups.length > 0) {
      if (stopping(job)) return // the items stay pending: sent again by the next run
      if (answered === 0 && failed >= SPLIT_GIVE_UP && last) {
        void this.log.recordAll(job, groups.flat(), { state: 'failed', error: itemError(last) })
        return
      }
      const level = groups
      groups = []
      for (const q of await this.prepareChunks(job, level)) {
        if (stopping(job)) {
          await this.unsent(job, q)
          continue
        }
        q.opts.maxRetries = SPLIT_RETRIES
        // Each call of the isolation takes a place of its own, in turn with the run's other calls.
        await lease.acquire()
        const answer = await this.sendOne(job, q, lease)
        if ('error' in answer && mayBeAnItemsDoing(answer.error)) {
          failed++
          last = answer.error
          if (q.call.items.length > 1) groups.push(...halves(q.call.items))
          else void this.log.recordAll(job, q.call.items, { state: 'failed', error: itemError(answer.error) })
          continue
        }
        if ('outcomes' in answer) answered++
        this.answered(job, q.call.items, answer)
      }
    }
  }
}
