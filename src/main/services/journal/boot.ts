/**
 * Which boot of the machine wrote a line. A line written (not yet fsynced) survives the app being killed, but
 * not the machine stopping: records of sends are written without an fsync (see Journal.sent), so after a
 * restart of the machine, an entry without one may still have been sent. The logs note the boot they are
 * written in; a reader trusts a missing send record only from its own boot.
 */
import { readFileSync } from 'node:fs'
import { uptime } from 'node:os'

/** Boot times (s) closer than this are the same boot (the wall clock may have been adjusted a little). */
const SAME_BOOT_S = 5

let current: string | undefined

/** This boot: Linux's boot id, else `t<boot time in seconds>`. */
export function bootId(): string {
  if (current === undefined) {
    try {
      current = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim()
    } catch {
      current = ''
    }
    if (!current) current = `t${Math.round(Date.now() / 1000 - uptime())}`
  }
  return current
}

/** Whether a boot noted in a log is this one. */
export function isThisBoot(boot: string | undefined): boolean {
  if (!boot) return false
  const now = bootId()
  if (boot.startsWith('t') && now.startsWith('t')) return Math.abs(Number(boot.slice(1)) - Number(now.slice(1))) <= SAME_BOOT_S
  return boot === now
}
