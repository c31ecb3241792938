/**
 * The icon package cut into one module per icon (scripts/vite/split-icons.ts), on the installed package itself: every
 * icon it exports is re-exported from its own module, and each module is that icon's component alone.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { splitIconBundle } from '../../../../scripts/vite/split-icons'

const require = createRequire(import.meta.url)
const indexPath = require.resolve('@element-plus/icons-vue').replace(/index\.cjs$/, 'index.js')
const source = readFileSync(indexPath, 'utf8')

describe('splitIconBundle', () => {
  const { facade, icons } = splitIconBundle(source)

  it('re-exports every icon the package exports, each from its own module', async () => {
    const pkg = (await import('@element-plus/icons-vue')) as Record<string, unknown>
    const names = [...facade.matchAll(/export \{ default as (\w+) \} from "[^"]*ep-icon:([\w-]+)"/g)]
    expect(names.map((m) => m[1]).sort()).toEqual(Object.keys(pkg).sort())
    expect(new Set(names.map((m) => m[2])).size).toBe(icons.size)
  })

  it("makes each icon's module its component alone, exported as default", () => {
    const plus = icons.get('plus')!
    expect(plus).toContain('name: "Plus"')
    expect(plus).toMatch(/export default _sfc_main\d*;/)
    expect(plus.match(/_defineComponent\d*\(/g)).toHaveLength(1)
    expect(plus).not.toContain('export {')
  })

  it('refuses a bundle whose shape it does not know', () => {
    expect(() => splitIconBundle('export { a as A };')).toThrow(/split-icons/)
  })
})
