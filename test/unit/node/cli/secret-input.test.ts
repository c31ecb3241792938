/** The CLI's secret input: a hidden prompt on a terminal (no echo, edits, Ctrl-C), lines from stdin, files. */
import { PassThrough, Writable } from 'node:stream'
import { describe, expect, it, vi } from 'vitest'
import { askSecrets, promptHidden, PromptInterrupted, secretText, type PromptIO } from '../../../../src/main/cli/secret-input'

function fakeTerminal(isTTY = true) {
  let raw = false
  const input = Object.assign(new PassThrough(), { isTTY, setRawMode: vi.fn((on: boolean) => (raw = on)) })
  let shown = ''
  /** Whether the terminal was raw (no echo) as each piece of output was shown. */
  const rawWhenShown: boolean[] = []
  const output = new Writable({
    write(chunk: Buffer, _enc, cb) {
      shown += chunk.toString()
      rawWhenShown.push(raw)
      cb()
    },
  })
  const io: PromptIO = { input, output }
  return { io, input, shown: () => shown, rawWhenShown }
}

describe('promptHidden', () => {
  it('takes what is typed (a paste included) without echoing it, with Backspace and Ctrl-U, and restores the terminal', async () => {
    const t = fakeTerminal()
    const answer = promptHidden('Secret: ', t.io)
    t.input.write('wrong')
    t.input.write('\u0015')
    t.input.write('s3cr\u00e9t-pasted-in-one-chunk!')
    t.input.write('x\u007f')
    t.input.write('\r')
    expect(await answer).toBe('s3cr\u00e9t-pasted-in-one-chunk!')
    expect(t.shown()).toBe('Secret: \n')
    expect(t.input.setRawMode.mock.calls).toEqual([[true], [false]])
    // The prompt shows once echo is off: what is typed as soon as it shows is never echoed.
    expect(t.rawWhenShown[0]).toBe(true)
  })

  it('Ctrl-C interrupts (and still restores the terminal)', async () => {
    const t = fakeTerminal()
    const answer = promptHidden('Secret: ', t.io)
    t.input.write('abc\u0003')
    await expect(answer).rejects.toBeInstanceOf(PromptInterrupted)
    expect(t.input.setRawMode.mock.calls.at(-1)).toEqual([false])
  })

  it('refuses to prompt without a terminal', async () => {
    await expect(promptHidden('x', fakeTerminal(false).io)).rejects.toThrow('not a terminal')
  })
})

describe('askSecrets and secretText', () => {
  it('prompts once per secret on a terminal', async () => {
    const t = fakeTerminal()
    const answers = askSecrets(['a', 'b'], (n) => `${n}? `, t.io)
    await new Promise((r) => setTimeout(r, 5))
    t.input.write('one\r')
    await new Promise((r) => setTimeout(r, 5))
    t.input.write('two\n')
    expect(await answers).toEqual(['one', 'two'])
    expect(t.shown()).toBe('a? \nb? \n')
  })

  it('reads one line of stdin per secret when stdin is not a terminal', async () => {
    const t = fakeTerminal(false)
    const answers = askSecrets(['a', 'b', 'c'], () => '', t.io)
    t.input.end('first line\r\nsecond\n')
    expect(await answers).toEqual(['first line', 'second', ''])
    expect(t.shown()).toBe('')
  })

  it('drops one trailing line break of a file or pipe, nothing else', () => {
    expect(secretText('abc\n')).toBe('abc')
    expect(secretText('abc\r\n')).toBe('abc')
    expect(secretText(' abc \n\n')).toBe(' abc \n')
  })
})
