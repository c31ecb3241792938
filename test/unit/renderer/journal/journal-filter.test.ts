import { describe, expect, it } from 'vitest'
import { toJournalFilter } from '../../../../src/renderer/stores/journal'

describe('journal filters', () => {
  it('sends only what is set', () => {
    expect(toJournalFilter({ profileId: '', operations: [], outcomes: [], range: null, text: '  ' })).toEqual({})
    expect(
      toJournalFilter({ profileId: 'sandbox', operations: ['lockAssets'], outcomes: ['unknown', 'error'], range: [10, 20], text: ' 8100000001 ' }),
    ).toEqual({ profileId: 'sandbox', operations: ['lockAssets'], outcomes: ['unknown', 'error'], from: 10, to: 20, text: '8100000001' })
  })
})
