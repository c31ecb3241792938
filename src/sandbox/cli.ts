/**
 * `npm run sandbox -- [options]`: runs the sandbox on its own. Prints exactly one line on stdout,
 * `sandbox listening on http://127.0.0.1:PORT`, and stops cleanly (data file written) on SIGINT or SIGTERM.
 */
// This process words errors in every language (src/shared/errors/catalog.ts).
import '@shared/errors/catalog-languages'
import { Command, InvalidArgumentError, Option } from 'commander'
import { startSandbox, type SandboxOptions } from './index'

function integer(min: number, max: number) {
  return (v: string): number => {
    const n = Number(v)
    if (!/^-?\d+$/.test(v.trim()) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min} to ${max}`)
    return n
  }
}

function number(min: number, max: number) {
  return (v: string): number => {
    const n = Number(v)
    if (v.trim() === '' || !Number.isFinite(n) || n < min || n > max) throw new InvalidArgumentError(`expected a number from ${min} to ${max}`)
    return n
  }
}

interface CliOptions {
  port: number
  host: string
  data?: string
  scale: number
  latency: number
  failRate: number
  dropRate: number
  dropAfterWorkRate: number
  seed: number
  tokenTtl: number
  region: '8' | '6'
  quiet?: boolean
}

const program = new Command()
  .name('sandbox')
  .description('License Desk sandbox: a local licensing service (all 19 operations, demo data). See docs/sandbox.md.')
  .addOption(new Option('--port <n>', 'port to listen on; 0 picks a free one').argParser(integer(0, 65535)).default(0))
  .addOption(new Option('--host <addr>', 'address to listen on; only loopback unless you mean it').default('127.0.0.1'))
  .addOption(new Option('--data <file>', 'keep state in this JSON file (created if missing, written atomically)'))
  .addOption(new Option('--scale <n>', 'demo enterprise size: 25 x n employees, 100 x n assets (2000 = 50,000 / 200,000)').argParser(number(0.01, 10_000)).default(1))
  .addOption(new Option('--latency <ms>', 'added delay per operation').argParser(integer(0, 600_000)).default(0))
  .addOption(new Option('--fail-rate <r>', 'share of operations answered with error 500, state untouched (0..1)').argParser(number(0, 1)).default(0))
  .addOption(new Option('--drop-rate <r>', 'share of connections dropped before any work (0..1)').argParser(number(0, 1)).default(0))
  .addOption(new Option('--drop-after-work-rate <r>', 'share of connections dropped after the work is done (0..1)').argParser(number(0, 1)).default(0))
  .addOption(new Option('--seed <n>', 'seed of demo data and fault decisions').argParser(integer(-2_147_483_648, 4_294_967_295)).default(1))
  .addOption(new Option('--token-ttl <s>', 'lifetime of issued tokens in seconds').argParser(integer(1, 31_536_000)).default(7200))
  .addOption(new Option('--region <digit>', 'region digit of new shell numbers').choices(['8', '6']).default('8'))
  .addOption(new Option('--quiet', 'no warnings on stderr'))
  .showHelpAfterError()

async function main(): Promise<void> {
  program.parse()
  const o = program.opts<CliOptions>()
  const loopback = o.host === '127.0.0.1' || o.host === '::1' || o.host === 'localhost'
  if (!loopback && !o.quiet) {
    process.stderr.write(`sandbox: listening on ${o.host}, not loopback only: anyone who can reach it can use the demo credentials\n`)
  }
  const options: SandboxOptions = {
    host: o.host,
    port: o.port,
    latencyMs: o.latency,
    failureRate: o.failRate,
    dropRate: o.dropRate,
    dropAfterWorkRate: o.dropAfterWorkRate,
    tokenTtlSeconds: o.tokenTtl,
    shellRegion: o.region,
    quiet: o.quiet === true,
  }
  if (o.data) options.dataFile = o.data
  // Only when given: a data file's own scale and seed win over the defaults without a warning.
  if (program.getOptionValueSource('scale') !== 'default') options.scale = o.scale
  if (program.getOptionValueSource('seed') !== 'default') options.seed = o.seed
  const sandbox = await startSandbox(options)
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    sandbox.close().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`sandbox: error while stopping: ${String(err)}\n`)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
  // After the handlers: whoever reads this line may stop the sandbox at once, and must get the clean stop.
  process.stdout.write(`sandbox listening on ${sandbox.url}\n`)
}

main().catch((err: unknown) => {
  process.stderr.write(`sandbox: ${err instanceof Error ? err.message : String(err)}\n`)
  process.exit(1)
})
