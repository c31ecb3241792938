/**
 * One vocabulary of runs (src/shared/i18n/run-words.ts): an item's outcome and a run's status read the same on the
 * lock, employee and assignment screens, in their exports (the same words) and on the command line, in both
 * languages; and no screen keeps a copy of those words of its own.
 */
import { describe, expect, it } from 'vitest'
import { JOB_STATUSES, type ItemResult } from '@shared/ipc/channels/bulk'
import { ITEM_COUNT_WORDS, ITEM_WORDS, RUN_STATUS_WORDS } from '@shared/i18n/run-words'
import { OUTCOME_WORDS } from '@shared/holdings/words'
import type { Locale } from '@shared/i18n/locale'
import en from '../../../../src/renderer/i18n/en'
import zhCN from '../../../../src/renderer/i18n/zh-CN'
import { lockWordsKey } from '../../../../src/renderer/models/locks/lock-results'
import { memberWordsKey } from '../../../../src/renderer/models/members/member-results'
import { t as cliText } from '../../../../src/main/cli/text'

type Tree = { [k: string]: string | Tree }
const LANGUAGES: [Locale, Tree][] = [
  ['en', en as Tree],
  ['zh-CN', zhCN as unknown as Tree],
]
const callError = { code: 'app.network', messageKey: 'app.network', params: {}, details: {} }

function lookup(messages: Tree, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), messages)
}

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v, `${prefix}${k}.`)))
}

describe('one vocabulary of runs', () => {
  it('says an item’s outcome the same on the lock and employee screens, the assignment screen and the CLI', () => {
    const results: ['cancelled' | 'unknown' | 'pending' | 'duplicate' | 'callError', ItemResult][] = [
      ['cancelled', { state: 'cancelled' }],
      ['unknown', { state: 'unknown' }],
      ['pending', { state: 'pending' }],
      ['duplicate', { state: 'duplicate', duplicateOf: 0 }],
      ['callError', { state: 'failed', error: callError }],
    ]
    for (const [locale, messages] of LANGUAGES) {
      for (const [outcome, r] of results) {
        const word = ITEM_WORDS[outcome][locale]
        expect(lookup(messages, lockWordsKey('disable', r)), `${locale} lock ${outcome}`).toBe(word)
        expect(lookup(messages, memberWordsKey('members.delete', r)), `${locale} employee ${outcome}`).toBe(word)
        if (outcome !== 'duplicate') {
          expect(lookup(messages, `item.${outcome}`), `${locale} assignment ${outcome}`).toBe(word)
          expect(OUTCOME_WORDS[outcome][locale], `${locale} CLI assignment ${outcome}`).toBe(word)
        }
      }
    }
    expect(ITEM_WORDS.cancelled.en).toBe('Not sent (cancelled)')
  })

  it('names a run’s status the same on every screen, and counts with the same words on screen and in the CLI', () => {
    for (const [locale, messages] of LANGUAGES) {
      for (const s of JOB_STATUSES) expect(lookup(messages, `run.status.${s}`)).toBe(RUN_STATUS_WORDS[s][locale])
      expect(lookup(messages, 'itemCount.cancelled')).toBe(ITEM_COUNT_WORDS.cancelled[locale])
      const summary = cliText('summary', locale, { kind: 'K', ok: 5, failed: 1, unknown: 0, cancelled: 3, skipped: 2, total: 11, seconds: 1 })
      expect(summary).toContain(ITEM_COUNT_WORDS.cancelled[locale].replace('{n}', '3'))
      expect(summary).toContain(ITEM_COUNT_WORDS.done[locale].replace('{n}', '5'))
      const assign = cliText('assignSummary', locale, { done: 4, nothing: 1, notSent: 2, failed: 0, cancelled: 3, total: 10 })
      expect(assign).toContain(ITEM_COUNT_WORDS.cancelled[locale].replace('{n}', '3'))
    }
  })

  it('keeps those words in the shared table only: no message of the run screens repeats them', () => {
    const runAreas = ['run.', 'lockState.', 'locks.', 'members.', 'memberImport.', 'holdings.']
    for (const [locale, messages] of LANGUAGES) {
      const distinct = (['cancelled', 'unknown', 'pending', 'callError', 'notSent', 'nothingToDo'] as const).map((o) => ITEM_WORDS[o][locale])
      const copies = leaves(messages).filter(([key, text]) => distinct.includes(text) && runAreas.some((a) => key.startsWith(a)))
      expect(copies, locale).toEqual([])
    }
  })
})
