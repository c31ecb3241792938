/** The system language outside Electron: the POSIX locale variables, else what Intl reports. */

/** A BCP 47-ish tag such as `zh-CN` or `en-US`. */
export function systemLocale(env: NodeJS.ProcessEnv = process.env): string {
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const raw = env[name]
    if (!raw) continue
    const tag = raw.split('.')[0]?.split('@')[0]?.replace('_', '-')
    if (tag && tag !== 'C' && tag !== 'POSIX') return tag
  }
  return Intl.DateTimeFormat().resolvedOptions().locale
}
