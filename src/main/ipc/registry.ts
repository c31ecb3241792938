/**
 * The handler registry: channel name → validated handler. Both transports (Electron IPC, browser-mode HTTP) and
 * the CLI call `invoke`, which is the one trust boundary for input: unknown channels are refused, input is
 * parsed with the channel's zod schema, outputs are checked against theirs, and whatever goes wrong comes back as AppErrorData, never a stack.
 */
import type { z } from 'zod'
import { AppError, type AppErrorData, type ErrorIssue } from '@shared/errors/app-error'
import { describeInputIssues, inputIssuesOf, MAX_REPORTED_ISSUES } from '@shared/errors/input-issues'
import type { IpcResult } from '@shared/ipc/channel'
import {
  CHANNELS,
  isChannelName,
  type ChannelName,
  type ChannelOutput,
  type ChannelParsedInput,
} from '@shared/ipc/contract'
import type { Logger } from '../services/log'

/** Where a call came from. Handlers rarely need it; logs and audit do. */
export interface CallContext {
  transport: 'electron' | 'http' | 'cli' | 'test'
}

/** A handler for one channel: parsed input in, the channel's output out (or a thrown AppError). */
export type Handler<C extends ChannelName> = (input: ChannelParsedInput<C>, ctx: CallContext) => Promise<ChannelOutput<C>>

/** The first few zod issues as the `details.issues` of an 'app.invalidInput' error (paths and texts clipped). */
export function issuesOf(error: z.ZodError, max = MAX_REPORTED_ISSUES): ErrorIssue[] {
  return inputIssuesOf(error.issues, max).issues
}

/**
 * An 'app.invalidInput' AppError from a zod error (used at every trust boundary, not only IPC). It carries at most
 * MAX_REPORTED_ISSUES issues, each with a code and bound the screens word themselves, and never the input itself:
 * a list of a million bad entries costs one short answer, not a million-line message.
 */
export function invalidInput(error: z.ZodError): AppError {
  const { issues, more } = inputIssuesOf(error.issues)
  const detail = describeInputIssues(issues, more, 'en')
  return AppError.app('app.invalidInput', { detail }, { issues, ...(more > 0 ? { moreIssues: more } : {}), retryable: false })
}

/** Maps each channel of the contract to its handler and runs calls through validation and error mapping. */
export class HandlerRegistry {
  private readonly handlers = new Map<ChannelName, Handler<ChannelName>>()

  constructor(private readonly log: Logger) {}

  /** Registers the handler of a channel; registering one twice is a programming error. */
  handle<C extends ChannelName>(channel: C, fn: Handler<C>): void {
    if (!isChannelName(channel)) throw new Error(`unknown channel ${String(channel)}`)
    if (this.handlers.has(channel)) throw new Error(`channel ${channel} already has a handler`)
    this.handlers.set(channel, fn as unknown as Handler<ChannelName>)
  }

  /** Channels that have a handler. */
  registered(): ChannelName[] {
    return [...this.handlers.keys()]
  }

  /** Channels of the contract that have no handler (must be empty: a test and the core check it). */
  missing(): ChannelName[] {
    return (Object.keys(CHANNELS) as ChannelName[]).filter((c) => !this.handlers.has(c))
  }

  /** Runs a call from outside: validates the channel and input, runs the handler, returns a structured result. */
  async invoke(channel: string, rawInput: unknown, ctx: CallContext): Promise<IpcResult<unknown>> {
    if (!isChannelName(channel)) {
      return { ok: false, error: AppError.app('app.notFound', { what: `channel ${String(channel).slice(0, 100)}` }).toData() }
    }
    const handler = this.handlers.get(channel)
    if (!handler) {
      this.log.error('channel without a handler', { channel })
      return { ok: false, error: AppError.app('app.internal').toData() }
    }
    const spec = CHANNELS[channel]
    // An absent input (undefined) means "no input": channels without input take {}.
    // reportInput: issues refer to the offending value (read to tell "missing" from "wrong", never sent back).
    const parsed = spec.input.safeParse(rawInput === undefined ? {} : rawInput, { reportInput: true })
    if (!parsed.success) return { ok: false, error: invalidInput(parsed.error).toData() }
    try {
      const value = await handler(parsed.data as ChannelParsedInput<ChannelName>, ctx)
      // Outputs are checked too: fields outside the contract are stripped (nothing internal leaks by accident)
      // and a handler that breaks its contract fails here, loudly in the log, not later in the renderer.
      const out = spec.output.safeParse(value)
      if (!out.success) {
        this.log.error('handler output does not match its channel', { channel, issues: issuesOf(out.error, 5) })
        return { ok: false, error: AppError.app('app.internal').toData() }
      }
      return { ok: true, value: out.data }
    } catch (err) {
      return { ok: false, error: this.toErrorData(channel, err) }
    }
  }

  private toErrorData(channel: ChannelName, err: unknown): AppErrorData {
    if (err instanceof AppError) {
      this.log.debug('call failed', { channel, code: err.code })
      return err.toData()
    }
    // Unexpected: the stack stays in the log; the caller gets 'app.internal'.
    this.log.error('handler threw an unexpected error', { channel, error: err })
    return AppError.app('app.internal').toData()
  }
}
