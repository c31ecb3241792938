/** The journal file's line format: the lines' schemas (validated on reading) and a call's start line as written. */
import { z } from 'zod'
import { appErrorDataSchema } from '@shared/errors/app-error'
import { journalCountsSchema, journalEntrySchema, journalResolutionSchema } from '@shared/ipc/channels/journal'
import type { JournalStart } from '../../api/journal-sink'
import { redactRequest } from './redact'

const startLineSchema = z.object({
  t: z.literal('start'),
  id: z.string(),
  profileId: z.string(),
  operation: journalEntrySchema.shape.operation,
  method: z.string(),
  path: z.string(),
  query: z.record(z.string(), z.string()),
  body: z.unknown().optional(),
  nonce: z.string(),
  attempt: z.number().int(),
  startedAt: z.number(),
  /** Journaled ahead of sending: a "sent" line (or the end's sentAt) says when, and whether, it went out. */
  queued: z.boolean().optional(),
  jobId: z.string().optional(),
  chunk: z.number().int().optional(),
})
const endLineSchema = z.object({
  t: z.literal('end'),
  id: z.string(),
  endedAt: z.number(),
  /**
   * When the request was handed to its connection. Lines of calls not `queued` written before this was
   * recorded for every call have it only when it differs from `startedAt`.
   */
  sentAt: z.number().optional(),
  durationMs: z.number(),
  outcome: z.enum(['ok', 'partial', 'error', 'unknown', 'notSent']),
  httpStatus: z.number().optional(),
  summary: z.string().optional(),
  counts: journalCountsSchema.optional(),
  shellNumbers: z.array(z.string()).optional(),
  error: appErrorDataSchema.optional(),
})
/** The send of a queued call. */
const sentLineSchema = z.object({ t: z.literal('sent'), id: z.string(), at: z.number() })
/** How an UNKNOWN call was resolved: read back, or decided by the user (orders; see services/orders). */
const resolvedLineSchema = z.object({ t: z.literal('resolved'), id: z.string(), ...journalResolutionSchema.shape })
/** Written when a process opens the file: the boot of the machine the lines after it were written in. */
const bootLineSchema = z.object({ t: z.literal('boot'), boot: z.string(), at: z.number() })
export const lineSchema = z.discriminatedUnion('t', [startLineSchema, sentLineSchema, endLineSchema, bootLineSchema, resolvedLineSchema])
export type StartLine = z.output<typeof startLineSchema>
export type EndLine = z.output<typeof endLineSchema>

/**
 * The start line of a call, secrets removed. The body goes last: when removing secrets leaves it as it was,
 * its JSON as sent is written as it is (a lock chunk's hundred numbers are not serialised a second time).
 */
export function startLineText(id: string, entry: JournalStart): string {
  const line: Omit<StartLine, 'body'> = {
    t: 'start',
    id,
    profileId: entry.profileId,
    operation: entry.operation,
    method: entry.method,
    path: entry.path,
    query: redactRequest(entry.query) as Record<string, string>,
    nonce: entry.nonce,
    attempt: entry.attempt,
    startedAt: entry.startedAt,
  }
  if (entry.queued) line.queued = true
  if (entry.context?.jobId) line.jobId = entry.context.jobId
  if (entry.context?.chunk !== undefined) line.chunk = entry.context.chunk
  const head = JSON.stringify(line)
  if (entry.body === undefined) return head
  const redacted = redactRequest(entry.body)
  const body = redacted === entry.body && entry.bodyJson !== undefined ? entry.bodyJson : JSON.stringify(redacted)
  return `${head.slice(0, -1)},"body":${body}}`
}
