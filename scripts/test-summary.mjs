// Prints the end of a test run from the JSON reports of vitest and Playwright that scripts/test.sh asks for (a
// step that did not run counts nothing): the time of each step, the 10 slowest test files, and the closing line
// "Tests: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const dir = process.argv[2] ?? '.'
const root = process.cwd()
let passed = 0
let failed = 0
let skipped = 0
const ran = []
/** Seconds per test file, both runners. */
const files = []

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
  for (const f of vitest.testResults ?? []) {
    if (typeof f.startTime === 'number' && typeof f.endTime === 'number') files.push({ file: relative(root, f.name), s: (f.endTime - f.startTime) / 1000 })
  }
}

const pw = read('playwright.json')
if (pw?.stats) {
  ran.push('playwright')
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0)
  failed += pw.stats.unexpected ?? 0
  skipped += pw.stats.skipped ?? 0
  // A file's time: the sum of its tests' attempts (Playwright runs them one after another per worker).
  const perFile = new Map()
  const walk = (suite, file) => {
    const f = suite.file ?? file
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) for (const r of t.results ?? []) perFile.set(f, (perFile.get(f) ?? 0) + (r.duration ?? 0))
    }
    for (const child of suite.suites ?? []) walk(child, f)
  }
  for (const s of pw.suites ?? []) walk(s, s.file)
  if ((pw.stats.flaky ?? 0) > 0) process.stdout.write(`\nFlaky (passed only when tried again, to be fixed): ${pw.stats.flaky}\n`)
  for (const [f, ms] of perFile) files.push({ file: join('test/e2e', f), s: ms / 1000 })
}

// Step times, written by test.sh as "name seconds" lines.
const steps = existsSync(join(dir, 'steps.txt')) ? readFileSync(join(dir, 'steps.txt'), 'utf8').trim().split('\n').filter(Boolean) : []
if (steps.length > 0) {
  process.stdout.write('\nTime per step:\n')
  for (const line of steps) {
    const at = line.lastIndexOf(' ')
    process.stdout.write(`  ${line.slice(0, at).padEnd(12)} ${Number(line.slice(at + 1)).toFixed(0).padStart(5)} s\n`)
  }
}
if (files.length > 0) {
  process.stdout.write('\nSlowest test files:\n')
  for (const { file, s } of files.sort((a, b) => b.s - a.s).slice(0, 10)) process.stdout.write(`  ${s.toFixed(1).padStart(7)} s  ${file}\n`)
}
// The last line alone, in the plain form CI reads: "Tests: N passed, N failed, N skipped".
process.stdout.write(`\nCounted from: ${ran.length ? ran.join(', ') : 'no test runner (an earlier step failed)'}\n`)
process.stdout.write(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`)
