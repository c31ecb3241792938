/**
 * Order and entry templates as a shared kind ('template', by the draft's id): the templates of the shared profile,
 * each its name and its body. Removed ones are shared as removed (restorable, like any removed draft).
 */
import { z } from 'zod'
import { draftNameSchema } from '@shared/ipc/channels/drafts'
import { orderTemplateSchema } from '@shared/orders/draft'
import type { DraftStore } from '../../drafts'
import type { SyncKind } from './types'

const templateBodySchema = z.object({ name: draftNameSchema, template: orderTemplateSchema })

export function templateKind(drafts: DraftStore, profileId: () => string): SyncKind {
  return {
    kind: 'template',
    read(id) {
      const meta = drafts.meta(id)
      if (!meta || meta.kind !== 'orders.template' || meta.profileId !== profileId()) return null
      try {
        return { body: { name: meta.name, template: drafts.get(id).body }, removed: meta.removedAt !== null }
      } catch {
        return null // a body this version cannot read is not sent
      }
    },
    all() {
      return drafts.ids('orders.template', profileId())
    },
    apply(records) {
      const bad: string[] = []
      const good = records.flatMap((r) => {
        const parsed = templateBodySchema.safeParse(r.body)
        if (!parsed.success) bad.push(r.id)
        return parsed.success ? [{ id: r.id, name: parsed.data.name, body: parsed.data.template, removed: r.removed }] : []
      })
      return [...bad, ...drafts.adopt('orders.template', profileId(), good)]
    },
    copy(body) {
      const t = templateBodySchema.parse(body)
      return drafts.save({ kind: 'orders.template', profileId: profileId(), name: t.name, body: t.template, baseRevision: 0 }).id
    },
  }
}
