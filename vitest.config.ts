import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { HANG_MS } from './test/support/hang.js'

// A timeout ends a hung test; it never measures one. Under two busy loops and other work (load 15-20 on 2 cores) a
// jsdom test that mounts an Element Plus table for the first time took over 30 s, so every project gets the room
// Playwright's tests have; a test that truly hangs still ends.
const ROOMY = { testTimeout: 120_000, hookTimeout: 120_000 }
// expect.poll's default limit (1 s) fails a correct test on a loaded machine: the hang limit instead (vi.waitFor has
// no setting of its own, so tests call test/support/wait.ts).
const POLL = { poll: { timeout: HANG_MS, interval: 20 } }

const alias = { '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)) }

// Three projects: node unit tests, renderer unit tests in jsdom, and integration tests that talk to the
// sandbox over real HTTP (and to a real Secret Service when the test script provides one).
export default defineConfig({
  resolve: { alias },
  test: {
    // Two files at a time on the 2-core CI machine (vitest's default there is one): most integration tests wait on
    // the sandbox, child processes or the disk, so two take about two thirds of the time of one.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['test/unit/node/**/*.test.ts'],
          environment: 'node',
          ...ROOMY,
          expect: POLL,
          // As each Node entry does: error sentences in every language.
          setupFiles: ['src/shared/errors/catalog-languages.ts'],
        },
      },
      {
        resolve: { alias },
        plugins: [vue()],
        test: {
          name: 'renderer',
          include: ['test/unit/renderer/**/*.test.ts'],
          environment: 'jsdom',
          ...ROOMY,
          expect: POLL,
          // Both languages' messages and the contract's schemas in before any test (the app loads them when needed).
          setupFiles: ['test/unit/renderer/support/setup.ts'],
          // The confirmation box loads its style on first use; Element Plus's style entries import .css files,
          // which Node cannot load when the package is left external, so vite transforms them here.
          server: { deps: { inline: [/element-plus[\\/]es[\\/]components[\\/][^\\/]+[\\/]style/] } },
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          setupFiles: ['src/shared/errors/catalog-languages.ts'],
          // Some tests run the built CLI or app: build once when the sources are newer than out/.
          globalSetup: ['test/support/global-build.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          expect: POLL,
        },
      },
    ],
  },
})
