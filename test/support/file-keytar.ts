/**
 * A stand-in for the OS keychain shared by several processes of a test: keytar's four calls over one JSON file,
 * kept OUTSIDE the data folder (as the real keychain is), so a test can kill a process and find its secrets again
 * in the next one without a Secret Service. Not for concurrent writers (one process at a time writes).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import type { KeytarApi } from '../../src/main/services/vault'

export function fileKeytar(file: string): KeytarApi {
  const read = (): Record<string, string> => {
    try {
      return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
    } catch {
      return {}
    }
  }
  const write = (all: Record<string, string>) => {
    writeFileSync(`${file}.tmp`, JSON.stringify(all))
    renameSync(`${file}.tmp`, file)
  }
  const key = (service: string, account: string) => `${service}\n${account}`
  return {
    getPassword: async (service, account) => read()[key(service, account)] ?? null,
    setPassword: async (service, account, password) => write({ ...read(), [key(service, account)]: password }),
    deletePassword: async (service, account) => {
      const all = read()
      const had = key(service, account) in all
      delete all[key(service, account)]
      write(all)
      return had
    },
    findCredentials: async (service) =>
      Object.entries(read())
        .filter(([k]) => k.startsWith(`${service}\n`))
        .map(([k, password]) => ({ account: k.slice(service.length + 1), password })),
  }
}
