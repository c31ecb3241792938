// Prints the closing line of a test run, "N passed, N failed, N skipped", from the JSON reports of vitest and
// Playwright that scripts/test.sh asks for (a step that did not run counts nothing).
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const dir = process.argv[2] ?? '.'
let passed = 0
let failed = 0
let skipped = 0
const ran = []

const read = (name) => {
  const file = join(dir, name)
  if (!existsSync(file)) return null
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const vitest = read('vitest.json')
if (vitest) {
  ran.push('vitest')
  passed += vitest.numPassedTests ?? 0
  failed += vitest.numFailedTests ?? 0
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0)
}
const pw = read('playwright.json')
if (pw?.stats) {
  ran.push('playwright')
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0)
  failed += pw.stats.unexpected ?? 0
  skipped += pw.stats.skipped ?? 0
}
// The last line alone, in the plain form CI reads: "Tests: N passed, N failed, N skipped".
process.stdout.write(`\nCounted from: ${ran.length ? ran.join(', ') : 'no test runner (an earlier step failed)'}\n`)
process.stdout.write(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
