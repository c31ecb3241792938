/**
 * What was sent is shown as sent: an order whose products and package have names that read like credentials
 * ("基础包 Basic Pack", "Bearer Edition", "Token Manager", "Password Vault") keeps those names in the history's
 * body, the journal, both journal exports and the log; while a real secret (the profile's app secret, typed by
 * mistake into a field, and a product's license password) appears in none of them nor in the history export.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { exportThrough } from '../../support/exports'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SANDBOX_DEMO } from '@shared/sandbox-demo'
import { startSandbox, type SandboxHandle } from '../../../src/sandbox/index'
import type { Core } from '../../../src/main/core'
import { createLogger, type Logger } from '../../../src/main/services/log'
import { testCore } from '../../support/core'
import { removeDir, tempDir } from '../../support/tmp'
import { call, freshAssetNo, newBuyEntry, orderBody, profileInput, saveDraft, until } from './support'

const NAMES = ['基础包 Basic Pack', 'Bearer Edition', 'Token Manager', 'Password Vault']
const LICENSE_PASSWORD = 'Lic3nsePw-7Qx'
const APP_SECRET = SANDBOX_DEMO.orderApp.clientSecret

let dir: string
let core: Core
let sb: SandboxHandle
let log: Logger

beforeAll(async () => {
  dir = await tempDir('ld-orders-redaction-')
  sb = await startSandbox({ quiet: true })
  log = createLogger({ file: join(dir, 'logs', 'main.log'), level: 'debug', stderrLevel: 'off' })
  core = await testCore(dir, { log })
})
afterAll(async () => {
  await core?.dispose()
  await sb?.close()
  await removeDir(dir)
})

function filesUnder(d: string): string[] {
  const out: string[] = []
  for (const name of readdirSync(d)) {
    const p = join(d, name)
    if (statSync(p).isDirectory()) out.push(...filesUnder(p))
    else out.push(p)
  }
  return out
}

describe('redaction by what a value is', () => {
  it('keeps product names that read like credentials everywhere, and never shows a real secret', async () => {
    const profile = await call(core, 'profiles.create', profileInput(sb.url, 'Redaction'))
    const no = freshAssetNo()
    const entry = newBuyEntry(sb.demo.customerId, [no])
    const base = entry.assets[0]!.products![0]!
    entry.assets[0]!.products = NAMES.map((productName, i) => ({ ...base, crmProductId: `P-${no}-${i}`, productName, passwords: i === 0 ? [LICENSE_PASSWORD] : undefined }))
    entry.assets[0]!.merchandises = [{ merchandiseNum: 'PKG-BASIC', merchandiseName: NAMES[0]!, parentMerchandiseNum: '', crmProductId: `M-${no}`, parentCrmProductId: '', timeDurationExpression: '1-0-0', licenseOrderProductList: [] }]
    // The app secret typed into a free-text field by mistake: hidden because it is a secret the app holds.
    entry.branchName = `北京 ${APP_SECRET}`
    const d = await saveDraft(core, profile.id, orderBody(`RED-${no}`, [entry]))
    const submitted = await call(core, 'orders.submit', { draftId: d.id, baseRevision: d.revision })
    const order = await until('order done', () => call(core, 'orders.get', { id: submitted.id }), (o) => o.state === 'done')
    // The history's "What was sent" and "The exact request body".
    const sent = order.body.orderList[0]!
    expect(sent.assets[0]!.products!.map((p) => p.productName)).toEqual(NAMES)
    expect(sent.assets[0]!.merchandises![0]!.merchandiseName).toBe(NAMES[0])
    expect(sent.assets[0]!.products![0]!.passwords).toEqual('[redacted]')
    expect(sent.branchName).toBe('北京 [redacted]')
    // The journal, its two exports and the history export.
    const page = await call(core, 'journal.list', { operations: ['batchOrder'] })
    const csv = await call(core, 'journal.export', { format: 'csv', operations: ['batchOrder'] })
    const json = await call(core, 'journal.export', { format: 'json', operations: ['batchOrder'] })
    const history = (await exportThrough(core, 'csv', { kind: 'orders' })).text
    log.info('order sent', { productName: NAMES[1], merchandiseName: NAMES[0], note: `${NAMES[2]}; ${NAMES[3]}` })
    const shown = [JSON.stringify(order), JSON.stringify(page), csv.content, json.content]
    for (const s of [APP_SECRET, LICENSE_PASSWORD]) expect(history).not.toContain(s)
    for (const text of shown) {
      for (const name of NAMES.slice(1)) expect(text).toContain(name)
      expect(text).toContain('Basic Pack')
      expect(text).not.toContain('[redacted] Pack')
      expect(text).not.toMatch(/(Bearer|Basic|Token|Password) \[redacted\]/)
    }
    // The journal and log files: the names as they are, no secret at all. (The draft and the outbox keep the body
    // to send, as typed: that is the user's data, not a record of it.)
    const mainLog = readFileSync(join(dir, 'logs', 'main.log'), 'utf8')
    for (const name of NAMES) expect(mainLog).toContain(JSON.stringify(name).slice(1, -1))
    for (const f of [...filesUnder(join(dir, 'journal')), ...filesUnder(join(dir, 'logs'))]) {
      const text = readFileSync(f).toString('utf8')
      for (const s of [APP_SECRET, LICENSE_PASSWORD, SANDBOX_DEMO.memberApp.clientSecret, SANDBOX_DEMO.user.password]) {
        expect(text.includes(s), `${s.slice(0, 6)}… in ${f}`).toBe(false)
      }
    }
  })
})
