/**
 * Bench: the oversized-input probe of the security audit, against the built browser-mode app (`npm run build`
 * first). `journal.list` with `operations` holding 1,000,000 zeros (about 2 MB of JSON) used to make validation
 * collect a million issues: 14 s with every other request blocked and 3.2 GB of memory, four at once 55 s.
 * Now every array of a channel input is bounded and validation reports a few issues at most.
 *
 * Measures: the refusal's time and size for one such request and for four at once; how long a small request
 * (`app.info`) waits meanwhile (the slowest of those sent every 20 ms); the app process's peak memory (VmHWM) and
 * its growth over the idle app. Then the size bound at the door (src/main/ipc/input-size.ts): a 50 MB input sent to
 * every channel (declared Content-Length, four at a time), and to a few streamed without one (chunked): the time
 * until each is refused (HTTP 413) and the slowest `app.info` meanwhile; and, in this process, the time the
 * Electron IPC guard takes to refuse a 50 MB argument (one string; 500,000 strings of 100 characters). One JSON line on stdout (scenario "ipc-fuzz"); details on stderr. Run alone with
 * `npx tsx --tsconfig tsconfig.node.json test/bench/ipc-fuzz.ts`, or through `npm run bench` (`--no-fuzz-bench` leaves it out).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { CHANNELS } from '@shared/ipc/contract'
import { exceedsInputBytes } from '../../src/main/ipc/input-size'
import { BROWSER_ENTRY } from '../e2e/fixtures/app-process'
import { removeDir, tempDir } from '../support/tmp'

const log = (msg: string) => process.stderr.write(`[bench:ipc-fuzz] ${msg}\n`)
const URL_LINE = /open http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)/

const FIFTY_MB = 50 * 1024 * 1024

/**
 * Posts `body` on a kept-alive connection of its own, as a browser would (a client that says `Connection: close`
 * gets its connection closed after the 413, maybe before it reads it); resolves at the answer's status.
 */
function postRaw(origin: string, path: string, headers: Record<string, string>, body: Buffer, chunked: boolean): Promise<{ ms: number; status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now()
    let answered = false
    const h: Record<string, string | number> = { ...headers }
    if (!chunked) h['content-length'] = body.length
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const req = request(`${origin}${path}`, { method: 'POST', headers: h, agent }, (res) => {
      answered = true
      const ms = performance.now() - t0
      let text = ''
      res.setEncoding('utf8').on('data', (c: string) => (text += c))
      const done = () => {
        agent.destroy()
        resolve({ ms, status: res.statusCode ?? 0, text })
      }
      res.on('end', done)
      res.on('error', done)
    })
    req.on('error', (err) => {
      agent.destroy()
      if (!answered) reject(err)
    })
    if (chunked) {
      const piece = 1024 * 1024
      let i = 0
      const more = (): void => {
        while (i < body.length) {
          const ok = req.write(body.subarray(i, i + piece))
          i += piece
          if (!ok) {
            req.once('drain', more)
            return
          }
        }
        req.end()
      }
      more()
    } else req.end(body)
  })
}

function peakRssMB(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmHWM:\s+(\d+) kB/)
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}
function rssMB(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/)
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}

export async function runIpcFuzzBench(): Promise<Record<string, unknown>> {
  const dataDir = await tempDir('ld-ipc-fuzz-')
  const child = spawn(process.execPath, [BROWSER_ENTRY, '--data-dir', dataDir], {
    env: { ...process.env, LICENSE_DESK_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (s: string) => (out += s))
  child.stderr.setEncoding('utf8').on('data', (s: string) => (out += s))
  try {
    const m = await new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setInterval(() => {
        const hit = out.match(URL_LINE)
        if (hit) {
          clearInterval(timer)
          resolve(hit)
        }
      }, 50)
      child.once('exit', (code) => {
        clearInterval(timer)
        reject(new Error(`browser mode exited (${code}): ${out}`))
      })
    })
    const origin = `http://127.0.0.1:${m[1]}`
    const headers = { 'content-type': 'application/json', 'x-license-desk-token': m[2]! }
    const call = async (channel: string, body: string) => {
      const t0 = performance.now()
      const res = await fetch(`${origin}/api/invoke/${channel}`, { method: 'POST', headers, body })
      const text = await res.text()
      return { ms: performance.now() - t0, status: res.status, bytes: text.length, text }
    }
    await call('app.info', '{}')
    const idleMB = rssMB(child.pid!)
    const big = JSON.stringify({ operations: new Array<number>(1_000_000).fill(0), outcomes: ['ok'] })
    log(`request body ${(big.length / 1e6).toFixed(1)} MB; app idle at ${idleMB} MB`)

    // Small calls every 20 ms while the big ones are in flight: how long does the rest of the app wait?
    const probe = async (until: () => boolean) => {
      let slowest = 0
      while (!until()) {
        slowest = Math.max(slowest, (await call('app.info', '{}')).ms)
        await new Promise((r) => setTimeout(r, 20))
      }
      return slowest
    }
    let done = false
    const one = call('journal.list', big).finally(() => (done = true))
    const [single, slowestDuringOne] = await Promise.all([one, probe(() => done)])
    log(`one: HTTP ${single.status} in ${single.ms.toFixed(0)} ms, answer ${single.bytes} B: ${single.text.slice(0, 160)}`)

    done = false
    const four = Promise.all([1, 2, 3, 4].map(() => call('journal.list', big))).finally(() => (done = true))
    const t0 = performance.now()
    const [fourResults, slowestDuringFour] = await Promise.all([four, probe(() => done)])
    const fourMs = performance.now() - t0
    const peak = peakRssMB(child.pid!)
    log(`four at once: ${fourMs.toFixed(0)} ms (statuses ${fourResults.map((r) => r.status).join(',')}); peak ${peak} MB`)

    // 50 MB at every channel: refused at the door (Content-Length), four at a time, while app.info keeps answering.
    const fifty = Buffer.from(`{"pad":"${'x'.repeat(FIFTY_MB - 10)}"}`)
    const channels = Object.keys(CHANNELS)
    const refusals: { channel: string; ms: number; status: number }[] = []
    done = false
    const sendAll = (async () => {
      let next = 0
      const worker = async () => {
        while (next < channels.length) {
          const channel = channels[next++]!
          const r = await postRaw(origin, `/api/invoke/${channel}`, headers, fifty, false).catch((err: unknown) => {
            log(`${channel}: ${String(err)}`)
            return { ms: NaN, status: 0 }
          })
          refusals.push({ channel, ms: r.ms, status: r.status })
        }
      }
      await Promise.all([worker(), worker(), worker(), worker()])
    })().finally(() => (done = true))
    const [, slowestDuringFifty] = await Promise.all([sendAll, probe(() => done)])
    // Streamed without a Content-Length: counted while it arrives, refused at the bound.
    const streamedChannels = ['app.info', 'profiles.create', 'exports.run', 'bulk.start', 'drafts.import']
    const streamed: { channel: string; ms: number; status: number }[] = []
    done = false
    const sendStreamed = (async () => {
      for (const channel of streamedChannels) {
        const r = await postRaw(origin, `/api/invoke/${channel}`, headers, fifty, true)
        streamed.push({ channel, ms: r.ms, status: r.status })
      }
    })().finally(() => (done = true))
    const [, slowestDuringStreamed] = await Promise.all([sendStreamed, probe(() => done)])
    const fiftyMs = refusals.map((r) => r.ms).sort((a, b) => a - b)
    log(`50 MB to ${refusals.length} channels: statuses ${[...new Set(refusals.map((r) => r.status))].join(',')}, refused in median ${fiftyMs[fiftyMs.length >> 1]!.toFixed(0)} ms, slowest ${fiftyMs[fiftyMs.length - 1]!.toFixed(0)} ms (${refusals.find((r) => r.ms === fiftyMs[fiftyMs.length - 1])?.channel}); app.info slowest ${slowestDuringFifty.toFixed(0)} ms`)
    log(`50 MB streamed (chunked) to ${streamed.map((r) => `${r.channel} ${r.status} in ${r.ms.toFixed(0)} ms`).join(', ')}; app.info slowest ${slowestDuringStreamed.toFixed(0)} ms`)

    // The Electron IPC guard, in this process: the argument arrives deserialized; the guard refuses it before zod.
    const timeGuard = (value: unknown) => {
      const t = performance.now()
      const refused = exceedsInputBytes(value)
      return { ms: performance.now() - t, refused }
    }
    const oneString = timeGuard({ id: 'p1', value: 'x'.repeat(FIFTY_MB) })
    const manyStrings = timeGuard({ items: Array.from({ length: 500_000 }, (_, i) => `${i}`.padEnd(100, 'x')) })
    log(`IPC guard: one 50 MB string ${oneString.ms.toFixed(2)} ms (refused ${oneString.refused}); 500,000 strings of 100 characters ${manyStrings.ms.toFixed(1)} ms (refused ${manyStrings.refused})`)

    const line = {
      scenario: 'ipc-fuzz',
      fiftyMBChannels: refusals.length,
      fiftyMBAllRefused413: refusals.every((r) => r.status === 413) && streamed.every((r) => r.status === 413),
      fiftyMBSlowestRefusalMs: Math.round(fiftyMs[fiftyMs.length - 1]!),
      fiftyMBStreamedSlowestRefusalMs: Math.round(Math.max(...streamed.map((r) => r.ms))),
      fiftyMBSlowestAppInfoMs: Math.round(Math.max(slowestDuringFifty, slowestDuringStreamed)),
      ipcGuardOneStringMs: Math.round(oneString.ms * 100) / 100,
      ipcGuardManyStringsMs: Math.round(manyStrings.ms * 10) / 10,
      bodyMB: Math.round(big.length / 1e5) / 10,
      oneMs: Math.round(single.ms),
      answerBytes: single.bytes,
      refused: JSON.parse(single.text).ok === false,
      fourMs: Math.round(fourMs),
      slowestOtherCallMs: Math.round(Math.max(slowestDuringOne, slowestDuringFour)),
      idleRssMB: idleMB,
      peakRssMB: peak,
    }
    return line
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    await removeDir(dataDir)
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  runIpcFuzzBench()
    .then((line) => process.stdout.write(`${JSON.stringify(line)}\n`))
    .catch((err: unknown) => {
      log(String(err instanceof Error ? err.stack : err))
      process.exit(1)
    })
}
