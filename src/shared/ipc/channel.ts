/** Building blocks of the IPC contract: a channel is a pair of schemas, input and output. */
import { z } from 'zod'
import { appErrorDataSchema, type AppErrorData } from '../errors/app-error'

export interface ChannelSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
}

/** Declares a channel. Inputs are always objects so every call has one shape on both transports. */
export function channel<I extends z.ZodType, O extends z.ZodType>(input: I, output: O): ChannelSpec<I, O> {
  return { input, output }
}

/**
 * A channel's input object: STRICT, so a misspelt or unknown key is refused (`app.invalidInput`, code
 * `unknownKey`) instead of silently dropped (a dropped key can turn a call into another, valid one). Every string
 * and array inside gets a bound that fits its meaning (`.max(n)`). Declare every channel input with it.
 */
export function input<S extends z.ZodRawShape>(shape: S) {
  return z.object(shape).strict()
}

/** An id the core gave out (profile, job, batch, asset): short, never empty. */
export const idString = z.string().min(1).max(200)

/** Input of a channel that takes nothing. */
export const noInput = z.object({}).strict()
/** Output of a channel that returns nothing. */
export const noOutput = z.null()

/** What crosses the wire for a call: the value, or a structured error. */
export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: AppErrorData }
export const ipcFailureSchema = z.object({ ok: z.literal(false), error: appErrorDataSchema })

export { CHANNEL_NAME } from './channel-names'
