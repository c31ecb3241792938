/**
 * Global setup of the tests that run the built app or CLI (vitest's integration project, Playwright): builds once
 * when out/ is missing or older than the sources, so a test never runs a stale build. `npm test` builds before,
 * which makes this a check of a few milliseconds there.
 */
import { buildIfStale } from '../../scripts/build-if-stale.mjs'

export default function setup(): void {
  if (!buildIfStale({ say: (line) => process.stderr.write(`${line}\n`) })) throw new Error('the build failed (see above): no test can run the app')
}
