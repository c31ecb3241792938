/**
 * Starts the sandbox CLI in a child process (as `npm run sandbox` does), so the server's CPU is not counted
 * against the client being measured; resolves with its URL and a way to stop it.
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../..', import.meta.url))

export interface ChildSandbox {
  url: string
  /** CPU time (user + system) the sandbox process has used so far, in ms; null where it cannot be read. */
  cpuMs(): number | null
  stop(): Promise<void>
}

/** CPU time of a process from /proc (Linux), in ms. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return null
  }
}

/** `args` are extra sandbox CLI options, e.g. ['--scale', '200']. */
export async function startChildSandbox(args: string[] = []): Promise<ChildSandbox> {
  // One process (node with tsx's loader), so stopping it stops the sandbox itself, not a wrapper around it.
  const child = spawn(process.execPath, ['--import', 'tsx/esm', 'src/sandbox/cli.ts', '--port', '0', '--quiet', ...args], {
    cwd: root,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.node.json' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    await once(child, 'exit')
  }
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })
  const timer = setTimeout(() => child.kill('SIGTERM'), 120_000)
  try {
    for await (const line of lines) {
      const m = /^sandbox listening on (http:\/\/\S+)$/.exec(line)
      if (m) return { url: m[1] as string, stop, cpuMs: () => processCpuMs(child.pid) }
    }
  } finally {
    clearTimeout(timer)
  }
  await stop()
  throw new Error('the sandbox did not start')
}
