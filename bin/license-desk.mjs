#!/usr/bin/env node
// The `license-desk` command: runs the built CLI (out/main/cli.js). Build it first with `npm run build`.
import { existsSync } from 'node:fs'
import { fileURLToPath, pathToFileURL } from 'node:url'

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url))
if (!existsSync(cli)) {
  process.stderr.write(`license-desk: the command line is not built yet (${cli} is missing).\nBuild it first: npm run build\n`)
  process.exit(2)
}
await import(pathToFileURL(cli).href)
