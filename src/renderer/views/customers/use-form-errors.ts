/**
 * The messages a customer form shows at its fields: its own checks as the user types (see visibleErrors), and
 * the error of the last send placed at the field it concerns (see placeError) until that field is changed.
 */
import { computed, reactive, ref, watch, type ComputedRef, type Ref } from 'vue'
import type { AppErrorData } from '@shared/errors/app-error'
import type { FieldIssues } from '@shared/customers/fields'
import type { Locale } from '@shared/i18n/locale'
import { placeError, visibleErrors } from '../../models/customers/customer-form'

export interface FormErrors {
  /** Message per field. */
  fields: ComputedRef<Partial<Record<string, string>>>
  /** The send's error that belongs to no field. */
  general: ComputedRef<string | null>
  /** Whether the form's own checks find a problem. */
  invalid: ComputedRef<boolean>
  touched: Set<string>
  submitted: Ref<boolean>
  /** A send is about to go: every field shows its problems from now on. */
  submit(): void
}

export function useFormErrors<F extends string>(opts: {
  values: () => Record<F, string>
  check: (values: Record<F, string>) => FieldIssues<F>
  fields: readonly F[]
  error: () => AppErrorData | null
  locale: () => Locale
}): FormErrors {
  const touched = reactive(new Set<string>())
  const submitted = ref(false)
  // Fields changed since the last send's error came: its message there no longer applies.
  const changed = reactive(new Set<string>())
  let before = { ...opts.values() }
  watch(
    () => ({ ...opts.values() }),
    (now) => {
      for (const f of opts.fields) if (now[f] !== before[f]) changed.add(f)
      before = now
    },
  )
  watch(opts.error, () => changed.clear())

  const issues = computed(() => opts.check(opts.values()))
  const placed = computed(() => {
    const e = opts.error()
    return e ? placeError(e, opts.fields, opts.locale()) : { fields: {}, general: null }
  })
  const fields = computed(() => {
    const out: Partial<Record<string, string>> = {}
    for (const [f, m] of Object.entries(placed.value.fields)) if (!changed.has(f)) out[f] = m
    return { ...out, ...visibleErrors(issues.value, opts.locale(), touched, submitted.value) }
  })
  return {
    fields,
    general: computed(() => placed.value.general),
    invalid: computed(() => Object.keys(issues.value).length > 0),
    touched,
    submitted,
    submit() {
      submitted.value = true
    },
  }
}
