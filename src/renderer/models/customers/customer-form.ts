/**
 * The logic of the Customers forms, apart from the screens (tested without mounting): which message each field
 * shows while the user types (a missing value only once the field was left or a send was tried; a wrong one at
 * once), where an error of the core or the service belongs (the app's own field checks, and the service's 13004
 * at the field its message names), and what a send's outcome means for the form.
 */
import type { AppErrorData } from '@shared/errors/app-error'
import { describeError } from '@shared/errors/app-error'
import { describeInputIssue, type InputIssue } from '@shared/errors/input-issues'
import {
  CUSTOMER_FIELD_LABELS,
  describeCustomerIssue,
  fieldOfServiceMessage,
  type CustomerField,
  type FieldIssues,
} from '@shared/customers/fields'
import type { Locale } from '@shared/i18n/locale'
import { nameFieldIn } from '@shared/rules/issue'
import type { FormState } from '@shared/customers/drafts'

/** The label of a field in a language (the same words as files and messages use). */
export function fieldLabel(field: CustomerField, locale: Locale): string {
  return CUSTOMER_FIELD_LABELS[field][locale]
}

/**
 * Messages to show per field. A field the user has not left yet and no send was tried does not shout
 * "required"; every other problem shows as soon as it is typed.
 */
export function visibleErrors<F extends string>(
  issues: FieldIssues<F>,
  locale: Locale,
  touched: ReadonlySet<string>,
  submitted: boolean,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {}
  for (const [field, found] of Object.entries(issues) as [F, NonNullable<FieldIssues<F>[F]>][]) {
    if (found.rule === 'required' && !submitted && !touched.has(field)) continue
    out[field] = describeCustomerIssue(found, locale)
  }
  return out
}

/** Where an error of a send belongs: at fields (with their messages), or above the form. */
export interface PlacedError {
  fields: Partial<Record<string, string>>
  /** The error's sentence for above the form, or null when every part of it sits at a field. */
  general: string | null
}

/**
 * Places an error: the core's field checks (`details.issues`, paths `fields.<name>`) at their fields, worded from
 * their codes; the
 * service's 13004 at the field its message names (the service's words, the field named by its label), else above the form.
 */
export function placeError(error: AppErrorData, fields: readonly string[], locale: Locale): PlacedError {
  const out: PlacedError = { fields: {}, general: null }
  const issues = error.details.issues ?? []
  if (error.code === 'app.invalidInput' && issues.length > 0) {
    for (const i of issues) {
      const name = i.path.replace(/^fields\./, '')
      // Worded from the issue's code in the user's language (the issue's own message is English, for logs).
      if (fields.includes(name)) out.fields[name] = describeInputIssue(i as InputIssue, locale)
      else out.general = describeError(error, locale)
    }
    return out
  }
  if (error.code === '13004') {
    const field = fieldOfServiceMessage(error.details.serverMessage, fields)
    if (field && error.details.serverMessage) {
      // Said with the field's label, never its request name ("crmCustomerId 不能为空").
      out.fields[field] = nameFieldIn(error.details.serverMessage, field, Object.hasOwn(CUSTOMER_FIELD_LABELS, field) ? fieldLabel(field as CustomerField, locale) : field, locale)
      return out
    }
  }
  out.general = describeError(error, locale)
  return out
}

/**
 * Whether an error thrown by a send means nothing was done (the form goes back to editing) or that the send
 * may have reached the service (the page lost the core meanwhile, or the core failed after sending): then the
 * outcome is unknown and must be checked before sending again.
 */
export function sendMayHaveHappened(error: AppErrorData): boolean {
  return error.code === 'app.coreUnavailable' || error.code === 'app.internal' || error.code === 'app.unknownOutcome'
}

/** Whether a form's send button may send: never while a send stands unchecked (sending, unknown). */
export function maySend(state: FormState): boolean {
  return state === 'editing' || state === 'notDone' || state === 'done'
}

/** Trimmed values of a form (what is sent). */
export function trimmed<F extends string>(values: Record<F, string>): Record<F, string> {
  const out = {} as Record<F, string>
  for (const k of Object.keys(values) as F[]) out[k] = values[k].trim()
  return out
}

/** The same values with every field empty. */
export function emptyFields<F extends string>(names: readonly F[]): Record<F, string> {
  return Object.fromEntries(names.map((n) => [n, ''])) as Record<F, string>
}
