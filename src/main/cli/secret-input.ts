/**
 * Secrets for the CLI never come from its arguments (which other local users can read in the process list): they
 * are typed at a hidden prompt on a terminal, or read from stdin or a file.
 */
import { readFile } from 'node:fs/promises'
import type { Readable, Writable } from 'node:stream'
import { AppError } from '@shared/errors/app-error'

/** The terminal side of a prompt: stdin as a TTY (raw mode) and where the question goes (stderr). */
export interface PromptIO {
  input: Readable & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  output: Writable
}

/** Thrown when the user presses Ctrl-C at a prompt (the CLI exits 130). */
export class PromptInterrupted extends Error {
  constructor() {
    super('interrupted')
    this.name = 'PromptInterrupted'
  }
}

/** Longest secret read (the core takes 8,192 characters; anything longer is refused there with its bound). */
const MAX_READ_CHARS = 1_000_000

/**
 * Asks for a secret on a terminal without echoing it: Enter ends, Backspace deletes, Ctrl-C interrupts, Ctrl-U
 * clears; a paste arrives as one chunk and is taken as typed. The terminal is restored in every case.
 */
export function promptHidden(question: string, io: PromptIO): Promise<string> {
  const { input, output } = io
  if (!input.isTTY || !input.setRawMode) return Promise.reject(new Error('not a terminal'))
  const setRaw = input.setRawMode.bind(input)
  // Echo off first: whoever sees the prompt may type at once, and nothing typed is ever shown.
  setRaw(true)
  output.write(question)
  input.resume()
  return new Promise<string>((resolve, reject) => {
    let value = ''
    const finish = (err: Error | null): void => {
      input.off('data', onData)
      setRaw(false)
      input.pause()
      output.write('\n')
      if (err) reject(err)
      else resolve(value)
    }
    const onData = (chunk: Buffer | string): void => {
      for (const ch of chunk.toString()) {
        if (ch === '\r' || ch === '\n') return finish(null)
        if (ch === '\u0003') return finish(new PromptInterrupted())
        if (ch === '\u0004') {
          if (value === '') return finish(null)
          continue
        }
        if (ch === '\u0015') value = ''
        else if (ch === '\u007f' || ch === '\b') value = [...value].slice(0, -1).join('')
        else if (ch >= ' ' && value.length < MAX_READ_CHARS) value += ch
      }
    }
    input.on('data', onData)
  })
}

/** All of a stream as text (stdin piped in). */
export async function readAll(input: Readable): Promise<string> {
  let text = ''
  for await (const chunk of input) {
    text += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8')
    if (text.length > MAX_READ_CHARS) throw AppError.app('app.invalidInput', { detail: 'the input is too long' })
  }
  return text
}

/** A secret as written in a file or piped in: one trailing line break dropped (editors and `echo` add one). */
export function secretText(text: string): string {
  return text.replace(/\r?\n$/, '')
}

/** Reads a file given for a secret, or stdin for `-`. */
export async function readSecretSource(path: string, stdin: Readable): Promise<string> {
  if (path === '-') return readAll(stdin)
  try {
    return await readFile(path, 'utf8')
  } catch (err) {
    throw AppError.app('app.fileUnreadable', { file: path, detail: (err as NodeJS.ErrnoException).code ?? String(err) })
  }
}

/**
 * Values for the named secrets, in order: each asked at a hidden prompt when stdin is a terminal, else one line of
 * stdin each (so `printf '%s\n' "$A" "$B" | license-desk …` works in scripts).
 */
export async function askSecrets(names: readonly string[], label: (name: string) => string, io: PromptIO): Promise<string[]> {
  if (names.length === 0) return []
  if (io.input.isTTY) {
    const out: string[] = []
    for (const n of names) out.push(await promptHidden(label(n), io))
    return out
  }
  const lines = (await readAll(io.input)).split(/\r?\n/)
  return names.map((_, i) => lines[i] ?? '')
}
