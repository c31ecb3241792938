/**
 * The renderer's words live in its i18n files only (issue 30): outside src/renderer/i18n no source holds a table of
 * words by language (`{ en: …, 'zh-CN': … }`), no text in Chinese, and the models (src/renderer/models) no
 * sentence in English either: they pick keys, the views and stores say them with `t()`. Read with the TypeScript
 * compiler's scanner, so comments (which may quote a sentence as an example) do not count. Words that Node needs
 * too stay in src/shared (the error catalog, run and shortcut words, field labels): not scanned here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../../../', import.meta.url))
const renderer = join(root, 'src/renderer')
const I18N = join(renderer, 'i18n')

function sourceFiles(dir: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (path === I18N) continue
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path))
    else if (/\.(ts|vue)$/.test(name) && !name.endsWith('.d.ts')) out.push(path)
  }
  return out
}

/** A .vue file's scripts, and its template without HTML comments (text shown as it is). */
function partsOf(path: string, text: string): { script: string; template: string } {
  if (!path.endsWith('.vue')) return { script: text, template: '' }
  const script = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
  const template = text.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '').replace(/<!--[\s\S]*?-->/g, '')
  return { script, template }
}

/** Every string in a script (literals and the text of template literals), with the property names of object literals. */
function stringsOf(script: string): { strings: string[]; languageTables: number } {
  const source = ts.createSourceFile('x.ts', script, ts.ScriptTarget.Latest, true)
  const strings: string[] = []
  let languageTables = 0
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      // A thrown error's message is the developer's, never shown as such.
      if (!(ts.isNewExpression(node.parent) && node.parent.expression.getText() === 'Error')) strings.push(node.text)
    } else if (ts.isTemplateExpression(node)) {
      strings.push([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join('{}'))
    } else if (ts.isObjectLiteralExpression(node)) {
      const names = node.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : ''))
      if (names.includes('en') && names.includes('zh-CN')) languageTables++
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return { strings, languageTables }
}

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/
/** A sentence or label in English: a capitalised word and at least one more word ("Entry {n}", "Row id", "Revoke … of …"). */
const ENGLISH_WORDS = /^[A-Z][a-z]+(?:[ ,'-]+[A-Za-z{}]+)+/
const isModel = (path: string) => path.startsWith(join(renderer, 'models'))

/** What a source says in a language outside the i18n files: [file, what, text]. */
function wordsOutsideI18n(files: readonly string[]): string[] {
  const found: string[] = []
  for (const path of files) {
    const where = relative(root, path)
    const { script, template } = partsOf(path, readFileSync(path, 'utf8'))
    const { strings, languageTables } = stringsOf(script)
    if (languageTables > 0) found.push(`${where}: ${languageTables} table(s) of words by language`)
    for (const s of strings) {
      if (CJK.test(s)) found.push(`${where}: Chinese text "${s}"`)
      else if (isModel(path) && ENGLISH_WORDS.test(s.trim())) found.push(`${where}: English words "${s}"`)
    }
    const shown = template.match(new RegExp(`[^<>]*${CJK.source}[^<>]*`, 'g')) ?? []
    for (const s of shown) found.push(`${where}: Chinese text in the template "${s.trim()}"`)
  }
  return found
}

describe('words live in the i18n files', () => {
  it('no source of the renderer outside src/renderer/i18n holds words by language, Chinese text, or (models) English sentences', () => {
    const files = sourceFiles(renderer)
    expect(files.length).toBeGreaterThan(100)
    expect(wordsOutsideI18n(files)).toEqual([])
  })
})
