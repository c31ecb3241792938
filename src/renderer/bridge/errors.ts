/** The error the bridge throws: always carries the structured AppErrorData that crossed (or failed to cross) it. */
import { AppError, type AppErrorData } from '@shared/errors/app-error'
import type { AppErrorCode } from '@shared/errors/catalog'

/** A failed call: `data` is the one error shape of the app, ready for `describeError`. */
export class BridgeError extends Error {
  readonly data: AppErrorData

  constructor(data: AppErrorData) {
    super(data.code)
    this.name = 'BridgeError'
    this.data = data
  }

  get code(): string {
    return this.data.code
  }
}

/** Builds a BridgeError for something that went wrong on the renderer's side of the bridge. */
export function bridgeError(
  code: AppErrorCode,
  params: Record<string, string | number> = {},
  details: AppErrorData['details'] = {},
): BridgeError {
  return new BridgeError(AppError.app(code, params, details).toData())
}

/** Anything thrown by a bridge call as AppErrorData (unexpected throws become 'app.internal'). */
export function errorData(err: unknown): AppErrorData {
  if (err instanceof BridgeError) return err.data
  return AppError.app('app.internal', {}, { cause: err instanceof Error ? err.message : String(err) }).toData()
}
