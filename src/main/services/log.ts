/**
 * The app's log: one line of JSON per entry, appended to `<dataDir>/logs/main.log`, warnings and errors also
 * on stderr. Everything passes through `redact` first, so no secret reaches a log even when a caller is careless.
 */
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { hideKnownSecrets } from './known-secrets'
import { isoUtc } from '@shared/time/dates'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

/** A scoped logger. `data` is redacted before it is written. */
export interface Logger {
  debug(msg: string, data?: Record<string, unknown>): void
  info(msg: string, data?: Record<string, unknown>): void
  warn(msg: string, data?: Record<string, unknown>): void
  error(msg: string, data?: Record<string, unknown>): void
  /** A logger whose entries carry `scope`. */
  child(scope: string): Logger
}

export interface LoggerOptions {
  /** Log file; none means stderr only. */
  file?: string
  /** Lowest level written to the file (default info; `LICENSE_DESK_LOG=debug` lowers it). */
  level?: LogLevel
  /** Lowest level echoed to stderr (default warn); 'off' for none. */
  stderrLevel?: LogLevel | 'off'
  /** Rotate the file at start when it is larger than this (default 5 MB). */
  maxBytes?: number
}

// Keys whose values are secrets wherever they appear: headers, bodies, options.
const SECRET_KEY = /(authorization|token|secret|password|passwd|pwd|credential|cookie|api[-_]?key)/i
// Keys that match SECRET_KEY but are harmless facts (token endpoint addresses, "is it set" flags, counts).
const SAFE_KEY = /^(tokenUrl|tokenPath|tokenEndpoint|tokenType|secrets|hasToken|passwordMin|passwordMax|.*(Set|Count|Ms))$/
const REDACTED = '[redacted]'

/**
 * Hides the secrets in free text: every secret value the app has handled (known-secrets.ts) and the password of a
 * URL (`//user:password@host`). Words that merely look like secrets ("Basic Pack", "Bearer Edition", "Token
 * Manager") are kept: text is redacted by what a value is, never by the words around it.
 */
export function redactText(text: string): string {
  return hideKnownSecrets(text, REDACTED).replace(/(\/\/[^/\s:@]+:)[^/\s@]+@/g, `$1${REDACTED}@`)
}

/** A deep copy of `value` with secret-looking fields and text redacted. Cycles and depth are bounded. */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth > 8) return '[deep]'
  if (seen.has(value)) return '[cycle]'
  seen.add(value)
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), stack: value.stack ? redactText(value.stack) : undefined }
  }
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redact(v, depth + 1, seen))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value)) {
    out[k] = SECRET_KEY.test(k) && !SAFE_KEY.test(k) && v !== null && v !== undefined && v !== '' && typeof v !== 'boolean'
      ? REDACTED
      : redact(v, depth + 1, seen)
  }
  return out
}

function levelFromEnv(): LogLevel | undefined {
  const v = process.env.LICENSE_DESK_LOG
  return v && v in LEVELS ? (v as LogLevel) : undefined
}

/** Creates the root logger. Writing never throws: a log that cannot be written must not stop the app. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const fileLevel = LEVELS[options.level ?? levelFromEnv() ?? 'info']
  const stderrLevel = options.stderrLevel === 'off' ? Infinity : LEVELS[options.stderrLevel ?? 'warn']
  const file = options.file
  let fileOk = Boolean(file)
  if (file) {
    try {
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 })
      const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0
      if (size > (options.maxBytes ?? 5 * 1024 * 1024)) renameSync(file, `${file}.1`)
    } catch {
      fileOk = false
    }
  }

  const write = (level: LogLevel, scope: string | undefined, msg: string, data?: Record<string, unknown>): void => {
    const n = LEVELS[level]
    if (n < fileLevel && n < stderrLevel) return
    const entry: Record<string, unknown> = { time: isoUtc(Date.now()), level }
    if (scope) entry.scope = scope
    entry.msg = redactText(msg)
    if (data) Object.assign(entry, redact(data) as Record<string, unknown>)
    const line = JSON.stringify(entry)
    if (fileOk && file && n >= fileLevel) {
      try {
        // Synchronous append: an entry written just before a crash is still there afterwards.
        appendFileSync(file, line + '\n', { mode: 0o600 })
      } catch {
        fileOk = false
      }
    }
    if (n >= stderrLevel) process.stderr.write(`[license-desk] ${level}${scope ? ` ${scope}` : ''}: ${entry.msg as string}${data ? ` ${JSON.stringify(redact(data))}` : ''}\n`)
  }

  const make = (scope: string | undefined): Logger => ({
    debug: (m, d) => write('debug', scope, m, d),
    info: (m, d) => write('info', scope, m, d),
    warn: (m, d) => write('warn', scope, m, d),
    error: (m, d) => write('error', scope, m, d),
    child: (s) => make(scope ? `${scope}.${s}` : s),
  })
  return make(undefined)
}

/** A logger that drops everything (tests that do not look at logs). */
export const silentLogger: Logger = createLogger({ stderrLevel: 'off', level: 'error' })
