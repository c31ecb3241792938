/** Handlers of submitting orders (src/main/services/orders). Placeholder until the service lands (minutes away). */
import { AppError } from '@shared/errors/app-error'
import { orderChannels } from '@shared/ipc/channels/orders'
import type { ChannelName } from '@shared/ipc/contract'
import type { HandlerRegistry } from '../ipc/registry'

/** Registers the `orders.*` channels. */
export function registerOrderHandlers(registry: HandlerRegistry): void {
  for (const name of Object.keys(orderChannels) as ChannelName[]) {
    registry.handle(name, async () => {
      throw AppError.app('app.internal')
    })
  }
}
