/** Progress of a bulk job on the command line: a bar on a terminal, JSON lines with --json, else nothing. */
import cliProgress from 'cli-progress'
import type { BulkProgress } from '@shared/ipc/channels/bulk'
import type { CliContext } from './context'

export interface ProgressView {
  update(p: BulkProgress): void
  stop(): void
}

/** A view for this context and terminal. */
export function progressView(ctx: CliContext, total: number): ProgressView {
  if (ctx.json) {
    return {
      update: (p) => ctx.emit({ type: 'progress', ...p }),
      stop: () => undefined,
    }
  }
  if (!process.stderr.isTTY) return { update: () => undefined, stop: () => undefined }
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: '{bar} {percentage}% | {value}/{total} | failed {failed} | {rate}/s | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  )
  bar.start(total, 0, { failed: 0, rate: 0 })
  return {
    update: (p) => bar.update(p.done, { failed: p.counts.failed + p.counts.unknown, rate: p.rate }),
    stop: () => bar.stop(),
  }
}
