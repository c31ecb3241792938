/**
 * Bench: the oversized-input probe of the security audit, against the built browser-mode app (`npm run build`
 * first). `journal.list` with `operations` holding 1,000,000 zeros (about 2 MB of JSON) used to make validation
 * collect a million issues: 14 s with every other request blocked and 3.2 GB of memory, four at once 55 s.
 * Now every array of a channel input is bounded and validation reports a few issues at most.
 *
 * Measures: the refusal's time and size for one such request and for four at once; how long a small request
 * (`app.info`) waits meanwhile (the slowest of those sent every 20 ms); the app process's peak memory (VmHWM) and
 * its growth over the idle app. One JSON line on stdout (scenario "ipc-fuzz"); details on stderr. Run alone with
 * `npx tsx --tsconfig tsconfig.node.json test/bench/ipc-fuzz.ts`, or through `npm run bench` (`--no-fuzz-bench` leaves it out).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { BROWSER_ENTRY } from '../e2e/fixtures/app-process'
import { removeDir, tempDir } from '../support/tmp'

const log = (msg: string) => process.stderr.write(`[bench:ipc-fuzz] ${msg}\n`)
const URL_LINE = /open http:\/\/127\.0\.0\.1:(\d+)\/#token=([A-Za-z0-9_-]+)/

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
    const line = {
      scenario: 'ipc-fuzz',
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
