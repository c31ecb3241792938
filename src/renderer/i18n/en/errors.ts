/** English messages: field checks. */
export default {
  validation: {
    required: 'Required.',
    tooLong: 'At most {max} characters.',
    url: 'Enter an address starting with http:// or https://.',
    invalid: 'Not valid: {message}',
    insecureAddress: 'This plain http:// address is another machine: the credentials would cross the network unencrypted. Use https://, or tick “Send credentials unencrypted” below.',
  },
}
