/**
 * A length limit on a text field, said at the field: typing stops at the limit (maxlength) with a note, and a
 * paste that would go past it is refused as a whole with the reason, instead of being cut silently or making the
 * page work through megabytes of text.
 */
import { ref, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'

export interface InputLimit {
  max: number
  /** The note to show at the field ('' when none). */
  message: Ref<string>
  onPaste(e: ClipboardEvent): void
  /** Call with the field's new value (clears the note, or says the limit is reached). */
  onInput(value: string): void
}

export function useInputLimit(max: number): InputLimit {
  const { t, locale } = useI18n()
  const message = ref('')
  const n = (x: number) => new Intl.NumberFormat(locale.value).format(x)
  return {
    max,
    message,
    onPaste(e) {
      const el = e.target as HTMLInputElement | HTMLTextAreaElement | null
      const pasted = e.clipboardData?.getData('text/plain') ?? ''
      if (!el) return
      const selected = (el.selectionEnd ?? el.value.length) - (el.selectionStart ?? el.value.length)
      const next = el.value.length - selected + pasted.length
      if (next > max) {
        e.preventDefault()
        message.value = t('common.pasteTooLong', { max: n(max), length: n(pasted.length) })
      }
    },
    onInput(value) {
      message.value = value.length >= max ? t('common.atMost', { max: n(max) }) : ''
    },
  }
}
