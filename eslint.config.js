// Lint: TypeScript + Vue rules, and the layer rules of docs/architecture.md enforced by eslint-plugin-boundaries.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'
import boundaries from 'eslint-plugin-boundaries'

const nodeOnly = ['electron', 'keytar', 'undici', 'node:*', 'fs', 'path', 'os', 'http', 'https', 'crypto', 'child_process']

/** The renderer's inner layers, as config blocks (see where they are used below). */
function rendererLayerBlocks() {
  const node = { group: nodeOnly, message: 'The renderer never touches Node or the network: call the core through src/renderer/api.' }
  // Relative imports of a renderer folder, at any depth ('../bridge', '../../views/locks/x', './api/bulk').
  const folder = (names) => ({ regex: `^(\\.{1,2}/)+(.*/)?(${names})(/.*)?$` })
  const noBridge = { ...folder('bridge'), message: 'Only src/renderer/api/ calls the core: import its named calls (api/<area>.ts), or api/errors and api/connection.' }
  const noViews = { ...folder('views'), message: 'Components and stores never import views: move what they share to src/renderer/models (or a component).' }
  const plain = { ...folder('api|bridge|stores|components|views|composables'), message: 'Models are plain logic: no calls, stores, components or views (those use the models).' }
  const rule = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns: [node, ...patterns] }] })
  return [
    { files: ['src/renderer/**/*.{ts,vue}'], ignores: ['src/renderer/api/**', 'src/renderer/bridge/**'], rules: rule(noBridge) },
    { files: ['src/renderer/{components,stores}/**/*.{ts,vue}'], rules: rule(noBridge, noViews) },
    { files: ['src/renderer/models/**/*.ts'], rules: rule(plain) },
  ]
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    files: ['**/*.{ts,vue,js}'],
    plugins: { boundaries },
    settings: {
      // Relative imports resolve with the node resolver; `@shared/*` needs no resolving: every layer may use it.
      'import/resolver': { node: { extensions: ['.ts', '.js', '.vue'] } },
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'shared', pattern: 'src/shared' },
        { type: 'main', pattern: 'src/main' },
        { type: 'preload', pattern: 'src/preload' },
        { type: 'renderer', pattern: 'src/renderer' },
        { type: 'sandbox', pattern: 'src/sandbox' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            // main may start the sandbox in-process (the Sandbox profile), through its public entry only (see below).
            { from: { element: { type: 'main' } }, allow: { to: { element: { types: { anyOf: ['shared', 'main', 'sandbox'] } } } } },
            { from: { element: { type: 'preload' } }, allow: { to: { element: { type: 'shared' } } } },
            { from: { element: { type: 'renderer' } }, allow: { to: { element: { types: { anyOf: ['shared', 'renderer'] } } } } },
            { from: { element: { type: 'sandbox' } }, allow: { to: { element: { types: { anyOf: ['shared', 'sandbox'] } } } } },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  // Plain Node scripts (npm start, the test summary, the CLI launcher) run outside TypeScript: give them Node's globals.
  {
    files: ['scripts/**/*.mjs', 'bin/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  // TypeScript (and vue-tsc for SFCs) already checks undefined names, with the right globals per layer.
  { files: ['**/*.{ts,vue}'], rules: { 'no-undef': 'off' } },
  // Externals each layer must not touch: the renderer and shared never reach Node or the network.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: [...nodeOnly, 'vue', 'vue-*', 'pinia', 'element-plus'], message: 'src/shared is the contract: no Node, no DOM, no UI.' }] }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,vue}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: nodeOnly, message: 'The renderer never touches Node or the network: call the core through the bridge.' }] }],
    },
  },
  // Inside the renderer (docs/architecture.md, "The renderer"): only api/ calls the core (bridge/ is its transport);
  // components and stores never import views; models are plain logic (no api, stores, components or views).
  // Later no-restricted-imports settings replace earlier ones, so each block repeats the renderer's Node rule.
  ...rendererLayerBlocks(),
  {
    files: ['src/main/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/sandbox/*', '!**/sandbox/index'], message: 'main may use the sandbox only through src/sandbox/index.ts.' }] }],
    },
  },
  // Inside main: a handler never imports another handler (what two share is a service, built by createCore). This
  // block repeats main's sandbox rule because a later no-restricted-imports setting replaces the earlier one.
  {
    files: ['src/main/handlers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/sandbox/*', '!**/sandbox/index'], message: 'main may use the sandbox only through src/sandbox/index.ts.' },
            { group: ['./*', '**/handlers/*', '**/handlers'], message: 'A handler never imports another handler: move what they share into a service (src/main/services) built by createCore.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/preload/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['keytar', 'undici', 'node:*'], message: 'The preload exposes the bridge and nothing else.' },
            // The preload stays a few KB: channel names from the plain list, never the schemas (types are fine).
            {
              group: ['zod', '@shared/ipc/contract', '@shared/ipc/channel', '@shared/ipc/channels/*', '@shared/errors/*'],
              allowTypeImports: true,
              message: 'The preload checks channel names with @shared/ipc/channel-names; schemas stay in main and the renderer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['electron', 'keytar', 'undici'], message: 'The sandbox is a plain HTTP server: no Electron, no keychain, no client.' }] }],
    },
  },
  {
    files: ['test/**/*.ts'],
    ignores: ['test/support/wait.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'vi', property: 'waitFor', message: 'Use waitFor of test/support/wait.ts: vi.waitFor gives up after 1 s, which a loaded machine passes.' },
      ],
    },
  },
)
