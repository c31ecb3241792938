/** English messages: field checks. */
export default {
  errors: {
    invalidInput: 'Not accepted: {problems}. Correct it and send again.',
    sep: '; ',
    issue: {
      tooLong: '{field}: at most {max} characters',
      tooShort: '{field}: at least {min} characters',
      required: '{field}: required',
      tooBig: '{field}: at most {max}',
      tooSmall: '{field}: at least {min}',
      invalid: '{field}: not valid',
    },
    field: {
      assetNum: 'Asset number',
      text: 'Search text',
      size: 'How many numbers',
      operatorIdentity: 'Operator identity',
      items: 'Lock numbers',
      name: 'Name',
      baseUrl: 'Service address',
      tokenUrl: 'Token endpoint',
      enterpriseGlobalId: 'Enterprise global id',
      extendCode: 'Extension code',
      value: 'The value',
    },
  },
  validation: {
    required: 'Required.',
    tooLong: 'At most {max} characters.',
    url: 'Enter an address starting with http:// or https://.',
    invalid: 'Not valid: {message}',
  },
}
