/**
 * The size bound of a channel's input, checked at the door before any parsing (docs/architecture.md, "IPC"):
 * browser mode counts the body's bytes (declared, then streamed); Electron IPC, whose argument arrives already
 * deserialized, estimates the argument's JSON size with a walk that stops as soon as the bound is passed.
 */
import { AppError } from '@shared/errors/app-error'

/**
 * Largest input a channel takes: 48 MiB. The biggest legitimate inputs are an export of at most 16 million
 * characters, an import file of 20 MB (27 MB as base64) and 100,000 employees (about 15 MB). Below 50 MB, so an
 * input of 50 MB is refused without being read into the core (parsing it held the core for 21 s).
 */
export const MAX_INPUT_BYTES = 48 * 1024 * 1024

/** The error of an input over the bound (HTTP 413 in browser mode): clear, and trying again the same cannot help. */
export function inputTooLarge(max = MAX_INPUT_BYTES, httpStatus?: number): AppError {
  const bound = max >= 1024 * 1024 ? `${Math.floor(max / (1024 * 1024))} MB` : `${Math.floor(max / 1024)} KB`
  const details = { retryable: false, ...(httpStatus !== undefined ? { httpStatus } : {}) }
  return AppError.app('app.invalidInput', { detail: `the request is larger than ${bound}` }, details)
}

/**
 * Whether a value's JSON is surely longer than `max` bytes: a lower bound of its size (a string its length plus
 * quotes, a number one, a list its brackets, commas and one character per entry counted before its entries are
 * visited, a key its length plus three), walked iteratively and stopped as soon as it passes `max`. So a 50 MB string
 * costs one step, a list of 50 million numbers one step, a value under the bound a walk of its parts; cycles end too.
 */
export function exceedsInputBytes(value: unknown, max = MAX_INPUT_BYTES): boolean {
  let size = 0
  // Each value with what was already counted for it (1 for a list's entry).
  const stack: [unknown, number][] = [[value, 0]]
  while (stack.length > 0) {
    const [v, prepaid] = stack.pop()!
    size -= prepaid
    if (typeof v === 'string') size += v.length + 2
    else if (typeof v === 'number') size += 1
    else if (typeof v === 'boolean' || v === null) size += 4
    else if (typeof v !== 'object') size += prepaid
    else if (ArrayBuffer.isView(v)) size += v.byteLength + 2
    else if (Array.isArray(v)) {
      size += 1 + 2 * v.length + (v.length === 0 ? 1 : 0)
      if (size > max) return true
      for (const item of v as unknown[]) stack.push([item, 1])
    } else {
      size += 1
      for (const [k, item] of Object.entries(v)) {
        if (item === undefined || typeof item === 'function') continue
        size += k.length + 4
        stack.push([item, 0])
        if (size > max) return true
      }
    }
    if (size > max) return true
  }
  return false
}
