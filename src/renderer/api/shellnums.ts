/** Calls of the Asset numbers screen: issuing shell numbers, and the batches kept on this computer. */
import type { ShellBatch } from '@shared/ipc/channels/shellnums'
import { invoke } from '../bridge'

export async function shellnumHistory(): Promise<ShellBatch[]> {
  return (await invoke('shellnums.history', {})).batches
}

/** Asks the service for `size` numbers. */
export function issueShellnums(size: number): Promise<ShellBatch> {
  return invoke('shellnums.issue', { size })
}

/** Forgets a batch locally; answers with the batches left. */
export async function forgetShellnums(id: string): Promise<ShellBatch[]> {
  return (await invoke('shellnums.forget', { id })).batches
}
