import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SandboxHost, sandboxScaleFromEnv, SANDBOX_SCALE_ENV, type SandboxStarter } from '../../../../src/main/services/sandbox-host'
import { EventBus } from '../../../../src/main/ipc/events'
import { silentLogger } from '../../../../src/main/services/log'

describe('the in-process sandbox at another scale', () => {
  it('reads the scale from the environment, refusing what the sandbox would refuse', () => {
    expect(sandboxScaleFromEnv({})).toBeUndefined()
    expect(sandboxScaleFromEnv({ [SANDBOX_SCALE_ENV]: ' 2000 ' })).toBe(2000)
    expect(() => sandboxScaleFromEnv({ [SANDBOX_SCALE_ENV]: '0' })).toThrow(RangeError)
    expect(() => sandboxScaleFromEnv({ [SANDBOX_SCALE_ENV]: '1.5' })).toThrow(RangeError)
    expect(() => sandboxScaleFromEnv({ [SANDBOX_SCALE_ENV]: 'big' })).toThrow(/LICENSE_DESK_SANDBOX_SCALE/)
  })

  it('passes the scale to the sandbox it starts, and nothing when none is asked for', async () => {
    const seen: Parameters<SandboxStarter>[0][] = []
    const start: SandboxStarter = async (o) => {
      seen.push(o)
      return { url: 'http://127.0.0.1:1', close: async () => undefined }
    }
    const events = new EventBus(silentLogger)
    const dir = mkdtempSync(join(tmpdir(), 'ld-scale-'))
    const before = process.env[SANDBOX_SCALE_ENV]
    try {
      const scaled = new SandboxHost({ start, dataFile: join(dir, 'a.json'), log: silentLogger, events, scale: 7 })
      await scaled.ensure()
      await scaled.stop()
      const plain = new SandboxHost({ start, dataFile: join(dir, 'b.json'), log: silentLogger, events })
      delete process.env[SANDBOX_SCALE_ENV]
      await plain.ensure()
      await plain.stop()
    } finally {
      if (before !== undefined) process.env[SANDBOX_SCALE_ENV] = before
      rmSync(dir, { recursive: true, force: true })
    }
    expect(seen[0]).toMatchObject({ scale: 7, host: '127.0.0.1', port: 0 })
    expect(seen[1]).not.toHaveProperty('scale')
  })
})
