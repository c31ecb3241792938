/** English messages: field checks. */
export default {
  validation: {
    required: 'Required.',
    tooLong: 'At most {max} characters.',
    url: 'Enter an address starting with http:// or https://.',
    invalid: 'Not valid: {message}',
  },
}
