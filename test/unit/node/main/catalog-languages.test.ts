/**
 * The error catalog's languages beyond English are added, not built in (src/shared/errors/catalog.ts): the renderer
 * adds a language with its messages, and every Node process adds them all at start.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import type * as Catalog from '@shared/errors/catalog'

describe('the error catalog by language', () => {
  it('reads English for a language until its sentences are added', async () => {
    vi.resetModules()
    const fresh = (await import('@shared/errors/catalog')) as typeof Catalog
    expect(fresh.hasCatalogLanguage('zh-CN')).toBe(false)
    expect(fresh.catalogText('app.conflict', 'zh-CN', { what: 'X' })).toBe('Already exists: X')
    const { ZH_CN_SENTENCES } = await import('@shared/errors/catalog-zh-CN')
    fresh.addCatalogLanguage('zh-CN', ZH_CN_SENTENCES)
    expect(fresh.catalogText('app.conflict', 'zh-CN', { what: 'X' })).toBe('已存在：X')
    expect(fresh.catalogText('no.such.code', 'zh-CN')).toBeUndefined()
  })

  it('has the same placeholders in every language', async () => {
    const { API_ERRORS, APP_ERRORS } = await import('@shared/errors/catalog')
    const { ZH_CN_SENTENCES } = await import('@shared/errors/catalog-zh-CN')
    const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
    for (const [code, en] of Object.entries<string>({ ...API_ERRORS, ...APP_ERRORS })) {
      expect(names(ZH_CN_SENTENCES[code as keyof typeof ZH_CN_SENTENCES]), code).toEqual(names(en))
    }
  })

  // The entries of the main build (electron.vite.config.ts, `main`): each is a process of its own.
  it.each(['src/main/electron.ts', 'src/main/browser.ts', 'src/main/cli.ts', 'src/sandbox/cli.ts'])(
    'the Node entry %s adds every language at start',
    (entry) => {
      expect(readFileSync(new URL(`../../../../${entry}`, import.meta.url), 'utf8')).toMatch(/^import '@shared\/errors\/catalog-languages'$/m)
    },
  )
})
