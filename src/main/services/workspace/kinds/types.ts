/**
 * What is shared through the workspace, kind by kind (one file per kind): how a local record becomes the body
 * stored on the server, and how a body from the server becomes a local record again. Bodies from the server are
 * validated (zod): they were written by another workstation, possibly another version of the app.
 */

/** One kind of shared record. */
export interface SyncKind {
  readonly kind: string
  /** The local record's shared body and whether it is removed; null when there is no such record. */
  read(id: string): { body: unknown; removed: boolean } | null
  /** Every local record to offer when this workstation joins a workspace. */
  all(): string[]
  /** Stores bodies from the server locally, in one go; returns the ids of bodies that are not valid (left out). */
  apply(records: { id: string; body: unknown; removed: boolean }[]): string[]
  /** Keeps `body` as a new local record ("keep both"); returns its id. */
  copy(body: unknown): string
}
