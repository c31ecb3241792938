/** `license-desk locks disable|enable`: the locks listed in a file, through the bulk runner. */
import { Command, Option } from 'commander'
import { AppError } from '@shared/errors/app-error'
import { LOCK_ACTION, type LockAction } from '@shared/api/lock-actions'
import { importLockNumbers } from '../../services/import'
import { positiveInt, type CommandDeps, type Globals } from '../command'
import { EXIT } from '../exit-codes'
import { runJob, showIssues } from '../run-job'
import { t } from '../text'

interface LockOptions {
  file: string
  column?: string
  sheet?: string
  out?: string
  operator?: string
  chunkSize?: number
}

function lockCommand(action: LockAction, globals: Globals, deps: CommandDeps): Command {
  const { command, readInput, checkOut } = deps
  return new Command(action)
    .description(`${action} the locks listed in a file (.txt, .csv or .xlsx)`)
    .requiredOption('-f, --file <path>', 'file of lock numbers')
    .option('-c, --column <name|letter|number>', 'column holding the lock numbers (default: found from the header or the values)')
    .option('--sheet <name>', 'worksheet of an .xlsx file (default: the first)')
    .option('-o, --out <path>', 'results file: .csv, .xlsx or .json, one row per line of the input')
    .option('--operator <who>', "operator's name, mobile or e-mail (default: the profile's)")
    .addOption(new Option('--chunk-size <n>', 'lock numbers per call (default: the setting)').argParser(positiveInt(5000)))
    .action(async (o: LockOptions) =>
      command(globals, async (ctx) => {
        checkOut(ctx, o.out)
        const profile = await ctx.profile()
        const parsed = await importLockNumbers({ bytes: await readInput(ctx, o.file), fileName: o.file }, { column: o.column, sheet: o.sheet, locale: ctx.locale })
        showIssues(ctx, parsed.issues)
        if (parsed.items.length === 0) {
          ctx.fail(AppError.app('app.invalidInput', { detail: t('noItems', ctx.locale) }))
          return EXIT.error
        }
        const operatorIdentity = o.operator?.trim() || profile.operatorIdentity
        if (!operatorIdentity) throw AppError.app('app.invalidInput', { detail: t('noOperator', ctx.locale) })
        const start = {
          kind: LOCK_ACTION[action].kind,
          profileId: profile.id,
          items: parsed.items.map((i) => i.value),
          operatorIdentity,
          ...(o.chunkSize ? { chunkSize: o.chunkSize } : {}),
        }
        return runJob(ctx, {
          start,
          lines: parsed.items.map((i) => i.line),
          issues: parsed.issues,
          ...(o.out ? { out: o.out } : {}),
          label: action === 'disable' ? 'kindDisable' : 'kindEnable',
        })
      }),
    )
}

/** The `locks` command and its two actions. */
export function locksCommand(globals: Globals, deps: CommandDeps): Command {
  const locks = new Command('locks').description('disable or enable physical locks in bulk')
  locks.addCommand(lockCommand('disable', globals, deps))
  locks.addCommand(lockCommand('enable', globals, deps))
  return locks
}
