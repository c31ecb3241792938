/**
 * The service's refusal of an order in the screen's words: the field it names as the wizard names it ("Entry 2 ›
 * Asset group 1 › Asset numbers"), and its message with every request path in it said the same way, never as a
 * JSON path. Used by the history drawer and by the wizard, where a reopened refused draft shows it at its field.
 */
import { describeError, type AppErrorData } from '@shared/errors/app-error'
import type { DraftRefusal } from '@shared/orders/refusal'
import { anchorId, issueLocation, issuePlace, orderFieldLabel, type IssuePlace, type ShownIssue } from './fields'
import type { Say } from '../words'

/**
 * A request path in words: where it is, then the field ("Entry 2 › Asset group 1 › Asset numbers"); a path
 * ending at a list's element says only its place ("Entry 1 › Asset group 1 › Product 1"). `sequence` names the
 * entry when the path does not.
 */
export function pathWords(path: string, sequence: number | null, say: Say): string {
  const place = issuePlace(path)
  const at: IssuePlace = place.entry === null && sequence !== null ? { ...place, entry: sequence - 1 } : place
  const where = issueLocation(at, say.t)
  const atElement = /\]$/.test(path) && place.item === null
  return [where, atElement ? '' : orderFieldLabel(place.field, say.locale)].filter((s) => s !== '').join(' › ')
}

// A request path inside a message: `orderList[1].assets[0].assetNos[0]`, `channelOrderId` is left as it is.
const PATH_IN_TEXT = /orderList\[\d+\](?:\.[A-Za-z]+(?:\[\d+\])*)*/g

/** A refusal's message in the user's language, with the request paths it names said as the screen does. */
export function refusalMessage(error: AppErrorData, say: Say): string {
  return describeError(error, say.locale).replace(PATH_IN_TEXT, (p) => pathWords(p, null, say))
}

/** Where a refusal belongs, in words ('' when the message names no field and no entry). */
export function refusalPlaceWords(r: { field: string | null; sequence: number | null }, say: Say): string {
  if (r.field) return pathWords(r.field, r.sequence, say)
  return r.sequence !== null ? issueLocation({ entry: r.sequence - 1, steps: [], field: '', item: null, path: '' }, say.t) : ''
}

/** The draft path of the input a refusal belongs to ('' for none): its anchor finds the field. */
export function refusalAnchor(r: DraftRefusal): string {
  return r.field ? anchorId(issuePlace(r.field).path) : ''
}

/** A refusal as the wizard's issues list shows it (first, a link to its field). */
export function shownRefusal(r: DraftRefusal, say: Say): ShownIssue {
  const field = r.field ?? 'channelOrderId'
  const place = issuePlace(field)
  return {
    issue: { code: r.error.code, field, rule: 'mismatch' },
    place: place.entry === null && r.sequence !== null && r.field === null ? { ...place, entry: r.sequence - 1 } : place,
    anchor: anchorId(place.path),
    location: refusalPlaceWords(r, say),
    message: refusalMessage(r.error, say),
  }
}
