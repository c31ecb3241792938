/** A core for tests: a temp data folder, a silent log, the in-memory vault and no sandbox unless asked for. */
import { createCore, type Core, type CoreOptions } from '../../src/main/core'
import { silentLogger } from '../../src/main/services/log'
import { MemoryVault } from '../../src/main/services/vault'
import type { RunningSandbox, SandboxStarter } from '../../src/main/services/sandbox-host'

/** Builds a core over `dataDir`; every option can be overridden. */
export function testCore(dataDir: string, options: Partial<CoreOptions> = {}): Promise<Core> {
  return createCore({
    dataDir,
    shell: 'browser',
    version: '0.0.0-test',
    log: silentLogger,
    vault: new MemoryVault('test'),
    startSandbox: null,
    ...options,
  })
}

/** A stand-in sandbox starter that records its calls (for tests of the host, not of the sandbox). */
export function fakeSandboxStarter(): SandboxStarter & { starts: number; closes: number; running: number } {
  const state = { starts: 0, closes: 0, running: 0 }
  const start: SandboxStarter = async (): Promise<RunningSandbox> => {
    state.starts++
    state.running++
    const n = state.starts
    return {
      url: `http://127.0.0.1:${40000 + n}`,
      close: async () => {
        state.closes++
        state.running--
      },
    }
  }
  return Object.defineProperties(start, {
    starts: { get: () => state.starts },
    closes: { get: () => state.closes },
    running: { get: () => state.running },
  }) as SandboxStarter & typeof state
}
