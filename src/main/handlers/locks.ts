/**
 * Handlers of the Locks screen's own channels: its draft (the pasted list, operator and action) in
 * `locks-draft.json`, written atomically on every change the screen sends. The runs themselves go through the
 * bulk runner's channels.
 */
import { z } from 'zod'
import { lockDraftSchema, type LockDraft } from '@shared/ipc/channels/locks'
import type { Services } from '../core/services'
import type { HandlerRegistry } from '../ipc/registry'

const draftFileSchema = z.object({ version: z.literal(1), draft: lockDraftSchema.nullable() })

/** Registers the `locks.*` channels. */
export function registerLockHandlers(registry: HandlerRegistry, services: Services): void {
  const file = services.storage.file('locks-draft.json', draftFileSchema, () => ({ version: 1 as const, draft: null }))
  let chain: Promise<unknown> = Promise.resolve()

  registry.handle('locks.getDraft', async () => {
    await chain
    return (await file.read()).draft
  })
  registry.handle('locks.saveDraft', ({ draft }) => {
    // Saves are serialized: the screen saves as the user types, and the last one must win.
    const run = chain.then(async () => {
      const next: LockDraft | null = draft ? { ...draft, updatedAt: Date.now() } : null
      await file.write({ version: 1, draft: next })
      return next
    })
    chain = run.catch(() => undefined)
    return run
  })
}
