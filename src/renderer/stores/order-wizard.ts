/**
 * The order wizard's store: the order draft open in the wizard, kept in the draft store as it is typed
 * (composables/draft-sync: every change saved at once, one save in flight, the rest on page hide), checked as
 * it is typed (models/orders/check: only the entry edited is checked again), and the start page's lists
 * (recent drafts, templates).
 *
 * The entries are held as plain (non-reactive) objects and replaced, never changed in place: a 100-entry order
 * with 100,000 asset numbers costs no proxies, no deep watch, and its check costs one entry per edit.
 */
import { defineStore } from 'pinia'
import { computed, ref, shallowRef, watch, type Ref } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { SyncMode } from '@shared/api/orders'
import type { DraftMeta } from '@shared/ipc/channels/drafts'
import { emptyEntry, orderTemplateSchema, type OrderDraft, type OrderEntryDraft, type OrderTemplate } from '@shared/orders/draft'
import { proposeChannelOrderId } from '@shared/orders/order-number'
import { refusalHolds, type DraftRefusal } from '@shared/orders/refusal'
import type { RuleIssue } from '@shared/rules/issue'
import { getDraft, listDrafts, saveDraft } from '../api/drafts'
import { submitOrder } from '../api/orders'
import { withRunNotice } from '../api/run-notifications'
import { BridgeError, errorData } from '../api/errors'
import { useDraftSync, type DraftSync } from '../composables/draft-sync'
import { i18n } from '../i18n'
import type { Say } from '../models/words'
import { createOrderChecker } from '../models/orders/check'
import { anchorId, issuePlace, issuesByAnchor, showIssue, type ShownIssue } from '../models/orders/fields'
import { screenOrderCache } from '../models/orders/issue-order'
import { createIssueReveal } from './order-wizard-reveal'
import { refusalAnchor, refusalMessage, shownRefusal } from '../models/orders/refusal'
import { addNumbers, copyEntry, entryTemplate, insertAt, moveItem, newOrder, orderFromTemplate, orderTemplate, removeAt, replaceAt } from '../models/orders/wizard'
import { useAppStore } from './app'
import { useProfilesStore } from './profiles'
import { rawRef } from '../composables/raw-ref'

/** Most issues the list shows at once (the count says how many there are). */
export const LISTED_ISSUES = 200

/** Orders made in this window and not opened yet: they open without issues shown (see order-wizard-reveal). */
const freshOrders = new Set<string>()

/** The user's language for the models' sentences (read inside a computed, it follows a switch). */
const say = (): Say => ({ t: i18n.global.t, locale: i18n.global.locale.value })

export const useOrderWizardStore = defineStore('order-wizard', () => {
  const profiles = useProfilesStore()
  const app = useAppStore()

  const draftId = ref<string | null>(null)
  const channelOrderId = ref('')
  const syncMode = ref<SyncMode>('sync')
  const entries = rawRef<OrderEntryDraft[]>([])
  const ready = ref(false)
  const note = ref('')
  /**
   * The service's refusal this draft came back with (stored with it): shown at its field and first in the issues,
   * keeping Ready and Submit off, until that field changes or the user dismisses it (shared/orders/refusal.ts).
   */
  const refusal = ref<DraftRefusal | undefined>(undefined)
  /** The entry shown in the editor. */
  const selected = ref(0)
  /**
   * Products shown with all their fields, by draft path (`orderList[0].assets[0].products[2]`); the others show one
   * line each. An entry of 10 products with every field open is hundreds of inputs: opening only what the user
   * works on keeps picking an entry and typing quick.
   */
  // Shallow: replaced whole on every change, and asked by every product on each render (a deep Set tracks each call).
  const expanded = shallowRef(new Set<string>())
  function isExpanded(path: string): boolean {
    return expanded.value.has(path)
  }
  function setExpanded(path: string, open: boolean): void {
    const next = new Set(expanded.value)
    if (open) next.add(path)
    else next.delete(path)
    expanded.value = next
  }
  /** Opens every product on the way to a field (an issue jumped to). */
  function expandTo(path: string): void {
    const next = new Set(expanded.value)
    const re = /products\[\d+\]/g
    for (let m = re.exec(path); m; m = re.exec(path)) next.add(path.slice(0, m.index + m[0].length))
    expanded.value = next
  }

  const sync = shallowRef<DraftSync | null>(null)
  const loaded = computed(() => sync.value?.loaded.value ?? false)
  const loadError = computed<AppErrorData | null>(() => sync.value?.loadError.value ?? null)
  const saving = computed(() => sync.value?.saving.value ?? false)
  const saveError = computed<AppErrorData | null>(() => sync.value?.saveError.value ?? null)
  /** Another window's newer version met by a save: nothing is saved until the user chooses (resolveConflict). */
  const conflict = computed(() => sync.value?.conflict.value ?? null)
  /** The draft was found missing when opened (removed, or never saved). */
  const missing = ref(false)

  const channelCode = computed(() => profiles.channelOf().channelCode)
  const checker = createOrderChecker()
  // The "orders per batch" setting, as submit checks it (the default until the settings are read).
  const limits = computed(() => (app.settings ? { maxOrdersPerBatch: app.settings.limits.maxOrdersPerBatch } : undefined))
  const check = computed(() => checker.check({ channelOrderId: channelOrderId.value, syncMode: syncMode.value, entries: entries.value }, channelCode.value, limits.value))
  const bodyForRefusal = () => ({ channelOrderId: channelOrderId.value, syncMode: syncMode.value, entries: entries.value })
  /** The refusal while it holds (its field unchanged), else null. */
  const activeRefusal = computed<DraftRefusal | null>(() => (refusal.value && refusalHolds(bodyForRefusal(), refusal.value) ? refusal.value : null))
  // Its field changed: the refusal is spent, and leaves the draft with the next save.
  watch(activeRefusal, (now) => {
    if (!now && refusal.value) refusal.value = undefined
  })
  function dismissRefusal(): void {
    refusal.value = undefined
  }
  /** The refusal's message when it belongs to the input with this anchor ('' otherwise). */
  function refusalAt(anchor: string): string {
    const r = activeRefusal.value
    return r && refusalAnchor(r) === anchor ? refusalMessage(r.error, say()) : ''
  }
  const issueCount = computed(() => check.value.all.length + (activeRefusal.value ? 1 : 0))
  const warningCount = computed(() => check.value.warnings.length)
  /** The warnings of the input with this anchor in entry `entry` (never blocking). */
  function warningsAt(anchor: string, entry: number | null): RuleIssue[] {
    if (entry === null) return []
    const list = check.value.warningsByEntry[entry]
    return list && list.length > 0 ? (anchorsOf(list).get(anchor) ?? []) : []
  }

  // Anchors of each entry's issues, kept by the (cached) issue list of the entry.
  let anchorCache = new WeakMap<RuleIssue[], Map<string, RuleIssue[]>>()
  function anchorsOf(list: RuleIssue[]): Map<string, RuleIssue[]> {
    let m = anchorCache.get(list)
    if (!m) {
      m = issuesByAnchor(list)
      anchorCache.set(list, m)
    }
    return m
  }
  const headerAnchors = computed(() => issuesByAnchor(check.value.header))
  const reveal = createIssueReveal()
  /** The issues of the input with this anchor (header fields, and the fields of entry `entry`), once shown. */
  function issuesAt(anchor: string, entry: number | null): RuleIssue[] {
    if (!reveal.shown(anchor)) return []
    if (entry === null) return headerAnchors.value.get(anchor) ?? []
    const list = check.value.byEntry[entry]
    return list ? (anchorsOf(list).get(anchor) ?? []) : []
  }
  // Issues per product (by the draft path of the innermost product holding the field), kept per entry's list.
  let productCache = new WeakMap<RuleIssue[], Map<string, number>>()
  /** How many issues the fields of the product at `path` have (shown on a closed product's line). */
  function productIssues(entry: number, path: string): number {
    const list = check.value.byEntry[entry]
    if (!list) return 0
    let m = reveal.all.value ? productCache.get(list) : undefined
    if (!m) {
      m = new Map()
      for (const i of list) {
        const p = issuePlace(i.field).path
        if (!reveal.shown(anchorId(p))) continue
        const at = p.lastIndexOf('products[')
        if (at < 0) continue
        const end = p.indexOf(']', at)
        const key = p.slice(0, end + 1)
        // The list itself ("Products must not be empty") is no product's.
        if (end > 0 && key.length < p.length) m.set(key, (m.get(key) ?? 0) + 1)
      }
      if (reveal.all.value) productCache.set(list, m)
    }
    return m.get(path) ?? 0
  }
  // Each entry's issues in the order of its fields on screen, kept by the (cached) issue list of the entry.
  const ordered = screenOrderCache()
  /** Every issue as the fields are on screen: the order's own, then entry by entry in the form's order. */
  const inOrder = computed(() => ordered(check.value.header).concat(...check.value.byEntry.map(ordered)))
  /** The warnings list, in the user's language and the fields' order (at most LISTED_ISSUES). */
  const shownWarnings = computed<ShownIssue[]>(() => {
    const s = say()
    const list = ([] as RuleIssue[]).concat(...check.value.warningsByEntry.map(ordered))
    return list.slice(0, LISTED_ISSUES).map((i) => showIssue(i, s))
  })
  /** The issues whose fields show them (all once revealed), in the fields' order. */
  const revealed = computed(() => (reveal.all.value ? inOrder.value : inOrder.value.filter((i) => reveal.shown(anchorId(issuePlace(i.field).path)))))
  /** Issues counted but not shown yet: their fields were not visited. */
  const hiddenCount = computed(() => check.value.all.length - revealed.value.length)
  /** The issues list, in the user's language (at most LISTED_ISSUES). */
  const shownIssues = computed<ShownIssue[]>(() => {
    const s = say()
    const r = activeRefusal.value
    const checked = revealed.value.slice(0, LISTED_ISSUES - (r ? 1 : 0)).map((i) => showIssue(i, s))
    return r ? [shownRefusal(r, s), ...checked] : checked
  })

  const body = (): OrderDraft => ({
    version: 1,
    channelOrderId: channelOrderId.value,
    syncMode: syncMode.value,
    entries: entries.value,
    ready: ready.value,
    note: note.value,
    ...(refusal.value ? { refusal: refusal.value } : {}),
  })

  function reset(): void {
    channelOrderId.value = ''
    syncMode.value = 'sync'
    entries.value = []
    ready.value = false
    note.value = ''
    refusal.value = undefined
    selected.value = 0
    expanded.value = new Set()
    missing.value = false
    changedElsewhere.value = null
    ownEntries = null
    anchorCache = new WeakMap()
    productCache = new WeakMap()
  }

  /** Opens a draft in the wizard (the one open is saved first). */
  async function open(id: string): Promise<void> {
    if (draftId.value === id && sync.value && !sync.value.loadError.value) return
    await close()
    reset()
    draftId.value = id
    const s = useDraftSync<OrderDraft>({
      id,
      kind: 'orders.order',
      fields: { version: ref(1) as Ref<1>, channelOrderId, syncMode, entries, ready, note, refusal },
      // An order's entries are one field: two windows' entries cannot be laid over each other, so ask.
      conflicts: 'ask',
      // Entries are replaced, never changed in place: an edit sends the entry it changed, not the whole order.
      parts: ['entries'],
    })
    sync.value = s
    await s.load()
    // A blank order made here shows an issue once its field is visited; one worked on before shows them all.
    reveal.reset(!freshOrders.delete(id))
    // draft-sync starts an empty body for an id it does not find; an order this wizard made never is one.
    missing.value = s.loaded.value && entries.value.length === 0 && channelOrderId.value === ''
  }

  /** Saves what is pending and stops following the open draft. */
  async function close(): Promise<void> {
    const s = sync.value
    if (!s) return
    await s.flush()
    s.dispose()
    sync.value = null
    draftId.value = null
  }

  /**
   * When the entries were replaced by another window's or tab's save (draft-sync loads it when this page has
   * nothing unsaved), so the page can say so. Set to the time it happened.
   */
  const changedElsewhere = ref<number | null>(null)
  let ownEntries: OrderEntryDraft[] | null = null
  watch(
    entries,
    (v) => {
      if (v !== ownEntries && sync.value?.loaded.value && ownEntries !== null) changedElsewhere.value = Date.now()
      ownEntries = v
    },
    { flush: 'sync' },
  )

  /** Any edit: the order is no longer marked ready (the user marks it again after looking). */
  function edited(): void {
    if (ready.value) ready.value = false
  }

  function setEntries(next: OrderEntryDraft[]): void {
    ownEntries = next
    entries.value = next
    edited()
  }
  function setEntry(i: number, e: OrderEntryDraft): void {
    setEntries(replaceAt(entries.value, i, e))
  }
  /**
   * Adds numbers to the group with these keys, wherever its entry now is (numbers issued for a group that is no
   * longer the one on screen: another entry was picked while they came). False when the group is gone.
   */
  function addNumbersTo(entryKey: string, groupKey: string, numbers: readonly string[]): boolean {
    const i = entries.value.findIndex((e) => e.key === entryKey)
    const e = entries.value[i]
    const g = e ? e.assets.findIndex((a) => a.key === groupKey) : -1
    if (!e || g < 0) return false
    const group = e.assets[g]!
    setEntry(i, { ...e, assets: replaceAt(e.assets, g, { ...group, assetNos: addNumbers(group.assetNos, numbers) }) })
    return true
  }
  function addEntry(e: OrderEntryDraft = emptyEntry('new_buy')): void {
    setEntries([...entries.value, e])
    selected.value = entries.value.length - 1
  }
  function duplicateEntry(i: number): void {
    const e = entries.value[i]
    if (!e) return
    setEntries(insertAt(entries.value, i + 1, copyEntry(e)))
    selected.value = i + 1
  }
  function removeEntry(i: number): void {
    setEntries(removeAt(entries.value, i))
    selected.value = Math.max(0, Math.min(selected.value, entries.value.length - 1))
  }
  function moveEntry(from: number, to: number): void {
    setEntries(moveItem(entries.value, from, to))
    selected.value = Math.max(0, Math.min(to, entries.value.length - 1))
  }
  function setHeader(patch: { channelOrderId?: string; syncMode?: SyncMode; note?: string }): void {
    if (patch.channelOrderId !== undefined) channelOrderId.value = patch.channelOrderId
    if (patch.syncMode !== undefined) syncMode.value = patch.syncMode
    if (patch.note !== undefined) note.value = patch.note
    if (patch.channelOrderId !== undefined || patch.syncMode !== undefined) edited()
  }

  /** Marks the order ready: only with no issue left (else every issue is shown). Returns whether it was marked. */
  function markReady(): boolean {
    reveal.revealAll()
    if (issueCount.value > 0 || entries.value.length === 0) return false
    ready.value = true
    return true
  }
  function unmarkReady(): void {
    ready.value = false
  }
  // An order checked again with issues (e.g. the profile's channel code cleared) is not ready.
  watch(issueCount, (n) => {
    if (n > 0 && ready.value && loaded.value) ready.value = false
  })

  async function flush(): Promise<void> {
    await sync.value?.flush()
  }

  /**
   * The user's choice after a conflict: their version, mine over theirs, or both (mine saved first as a new draft
   * named `copyName`, then theirs shown). Returns the new draft's name for 'both'.
   */
  async function resolveConflict(choice: 'mine' | 'theirs' | 'both', copyName = ''): Promise<string | null> {
    const s = sync.value
    if (!s?.conflict.value) return null
    if (choice !== 'both') {
      await s.resolveConflict(choice)
      return null
    }
    const meta = await saveDraft({ kind: 'orders.order', ...(profileId() ? { profileId: profileId() } : {}), name: copyName.slice(0, 200), body: body(), baseRevision: 0 })
    await s.resolveConflict('theirs')
    return meta.name
  }

  const submitting = ref(false)
  /**
   * Hands the ready order to the outbox (main checks it once more). Everything typed is saved first, and the
   * revision submitted is the one just saved: a change made elsewhere meanwhile is refused by main, not lost.
   * Throws BridgeError.
   */
  async function submit(): Promise<void> {
    const id = draftId.value
    if (!id || !ready.value) return
    submitting.value = true
    try {
      await flush()
      // Not saved (the disk, the core): the stored draft is not what the screen shows, so nothing is submitted.
      const failed = sync.value?.saveError.value
      if (failed) throw new BridgeError(failed)
      const d = await getDraft(id)
      // The browser asks (once) to notify when the outbox has sent it, should the user turn to other work.
      await withRunNotice(() => submitOrder(id, d.revision))
    } finally {
      submitting.value = false
    }
  }

  // ---- new orders, recent drafts, templates ---------------------------------------------------------------

  const recent = shallowRef<DraftMeta[]>([])
  const templates = shallowRef<DraftMeta[]>([])
  const listError = ref<AppErrorData | null>(null)
  const listing = ref(false)

  const profileId = (): string | null => profiles.activeId || null

  async function loadLists(): Promise<void> {
    listing.value = true
    listError.value = null
    try {
      const pid = profileId()
      const scope = pid ? { profileId: pid } : {}
      const [r, t] = await Promise.all([
        listDrafts({ kinds: ['orders.order'], ...scope, limit: 10, offset: 0 }),
        listDrafts({ kinds: ['orders.template'], ...scope, limit: 100, offset: 0 }),
      ])
      recent.value = r.drafts.filter((d) => d.kind === 'orders.order')
      templates.value = t.drafts.filter((d) => d.kind === 'orders.template')
    } catch (err) {
      listError.value = errorData(err)
    } finally {
      listing.value = false
    }
  }

  /** Creates an order draft with this body; returns its id (the view opens it). Throws BridgeError. */
  async function createOrder(draft: OrderDraft = newOrder(proposeChannelOrderId())): Promise<string> {
    const meta = await saveDraft({ kind: 'orders.order', profileId: profileId(), body: draft, baseRevision: 0 })
    freshOrders.add(meta.id)
    return meta.id
  }

  /** A new order from a saved template. Throws BridgeError. */
  async function createFromTemplate(templateId: string): Promise<string> {
    const d = await getDraft(templateId)
    const t = orderTemplateSchema.parse(d.body)
    return createOrder(orderFromTemplate(t, proposeChannelOrderId()))
  }

  /** Saves the open order, or one of its entries, as a template named `name`. Throws BridgeError. */
  async function saveTemplate(name: string, entry: number | null): Promise<DraftMeta> {
    let t: OrderTemplate
    if (entry === null) t = orderTemplate(body())
    else {
      const e = entries.value[entry]
      if (!e) throw new Error('no such entry')
      t = entryTemplate(e)
    }
    const meta = await saveDraft({ kind: 'orders.template', profileId: profileId(), name, body: t, baseRevision: 0 })
    templates.value = [meta, ...templates.value]
    return meta
  }

  /** Adds a template's entries to the open order. Throws BridgeError. */
  async function addFromTemplate(templateId: string): Promise<void> {
    const d = await getDraft(templateId)
    const t = orderTemplateSchema.parse(d.body)
    const added = t.scope === 'entry' ? [copyEntry(t.entry)] : t.order.entries.map(copyEntry)
    setEntries([...entries.value, ...added])
    selected.value = entries.value.length - added.length
  }

  return {
    draftId,
    channelOrderId,
    syncMode,
    entries,
    ready,
    note,
    refusal,
    activeRefusal,
    dismissRefusal,
    refusalAt,
    selected,
    isExpanded,
    setExpanded,
    expandTo,
    loaded,
    loadError,
    saving,
    saveError,
    conflict,
    resolveConflict,
    missing,
    changedElsewhere,
    channelCode,
    check,
    issueCount,
    shownIssues,
    issuesAt,
    hiddenCount,
    touchField: reveal.touch,
    revealIssues: reveal.revealAll,
    allIssuesShown: reveal.all,
    warningCount,
    shownWarnings,
    warningsAt,
    productIssues,
    body,
    open,
    close,
    setEntry,
    addNumbersTo,
    setEntries,
    addEntry,
    duplicateEntry,
    removeEntry,
    moveEntry,
    setHeader,
    markReady,
    unmarkReady,
    flush,
    submit,
    submitting,
    recent,
    templates,
    listError,
    listing,
    loadLists,
    createOrder,
    createFromTemplate,
    saveTemplate,
    addFromTemplate,
  }
})
