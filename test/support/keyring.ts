/**
 * A private Secret Service for tests: its own D-Bus session bus and a gnome-keyring unlocked with a throwaway
 * password, all under a temp folder, so tests never touch the machine's own keyring.
 *
 * `scripts/test.sh` already runs everything inside such a session and marks it with LICENSE_DESK_PRIVATE_KEYRING=1;
 * then the current session is used. Otherwise (a test file run on its own) a session is started here.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { removeDir, tempDir } from './tmp'

/** Environment variables that point a process at the private keyring. */
export interface PrivateKeyring {
  env: Record<string, string>
  /** Whether this keyring was started here (false: the test script's session is reused). */
  owned: boolean
  stop(): Promise<void>
}

/** Set by scripts/test.sh inside its private dbus-run-session. */
export const PRIVATE_SESSION_MARK = 'LICENSE_DESK_PRIVATE_KEYRING'

function waitForLine(child: ChildProcess, what: string, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not start in ${timeoutMs} ms`)), timeoutMs)
    const rl = createInterface({ input: child.stdout! })
    rl.once('line', (line) => {
      clearTimeout(timer)
      rl.close()
      resolve(line.trim())
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited with ${code}`))
    })
  })
}

async function startBus(dir: string, configFile?: string): Promise<{ address: string; proc: ChildProcess }> {
  const args = configFile
    ? [`--config-file=${configFile}`, '--nofork', '--print-address=1']
    : ['--session', '--nofork', '--print-address=1']
  const proc = spawn('dbus-daemon', args, { stdio: ['ignore', 'pipe', 'ignore'], cwd: dir })
  const address = await waitForLine(proc, 'dbus-daemon')
  return { address, proc }
}

function stopProc(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    proc.once('exit', () => resolve())
    proc.kill('SIGTERM')
    setTimeout(() => {
      if (proc.exitCode === null) proc.kill('SIGKILL')
    }, 2000).unref()
  })
}

/** Starts (or reuses) a private, unlocked gnome-keyring. */
export async function startPrivateKeyring(): Promise<PrivateKeyring> {
  if (process.env[PRIVATE_SESSION_MARK] === '1' && process.env.DBUS_SESSION_BUS_ADDRESS) {
    return { env: { DBUS_SESSION_BUS_ADDRESS: process.env.DBUS_SESSION_BUS_ADDRESS }, owned: false, stop: async () => {} }
  }
  const dir = await tempDir('ld-keyring-')
  const runtime = join(dir, 'run')
  await mkdir(runtime, { mode: 0o700 })
  const bus = await startBus(dir)
  const env = {
    DBUS_SESSION_BUS_ADDRESS: bus.address,
    XDG_DATA_HOME: join(dir, 'data'),
    XDG_RUNTIME_DIR: runtime,
    HOME: dir,
  }
  const keyring = spawn('gnome-keyring-daemon', ['--foreground', '--unlock', '--components=secrets'], {
    stdio: ['pipe', 'ignore', 'ignore'],
    env: { ...process.env, ...env },
  })
  keyring.stdin!.end('test-keyring-password')
  // Wait until the Secret Service owns its name: a call before that would make D-Bus activate a locked one.
  const deadline = Date.now() + 15_000
  for (;;) {
    const r = spawnSync(
      'dbus-send',
      ['--session', '--print-reply', '--dest=org.freedesktop.DBus', '/org/freedesktop/DBus', 'org.freedesktop.DBus.NameHasOwner', 'string:org.freedesktop.secrets'],
      { env: { ...process.env, ...env }, encoding: 'utf8' },
    )
    if (r.stdout?.includes('boolean true')) break
    if (Date.now() > deadline) {
      await stopProc(keyring)
      await stopProc(bus.proc)
      throw new Error('gnome-keyring-daemon did not register the Secret Service')
    }
    await new Promise((r2) => setTimeout(r2, 100))
  }
  return {
    env: { DBUS_SESSION_BUS_ADDRESS: bus.address },
    owned: true,
    async stop() {
      await stopProc(keyring)
      await stopProc(bus.proc)
      await removeDir(dir)
    },
  }
}

/** A session bus with no Secret Service and no activation: keychain calls fail fast, as on a bare server. */
export async function startBareBus(): Promise<{ address: string; stop(): Promise<void> }> {
  const dir = await tempDir('ld-barebus-')
  const config = join(dir, 'bus.conf')
  await writeFile(
    config,
    `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN" "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:tmpdir=${dir}</listen>
  <auth>EXTERNAL</auth>
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`,
  )
  const bus = await startBus(dir, config)
  return {
    address: bus.address,
    async stop() {
      await stopProc(bus.proc)
      await removeDir(dir)
    },
  }
}
