import { describe, expect, it } from 'vitest'
import { conflictView } from '../../../../src/main/services/workspace/conflict-view'

const base = { kind: 'customer', id: 'c-1', theirsVersion: 4, theirsBy: 'back-office (bob)', at: 1_700_000_000_000, mineRemoved: false, theirsRemoved: false }

describe('a conflict as the screen shows it', () => {
  it('lists only the fields that differ, as text, and names the record', () => {
    const v = conflictView({
      ...base,
      mine: { customerName: 'Harbour', adminEmail: 'a@h.test', members: ['M1'], isDefault: false, address: null },
      theirs: { customerName: 'Harbour', adminEmail: 'b@h.test', members: ['M1', 'M2'], isDefault: false },
    })
    expect(v).toMatchObject({ kind: 'customer', id: 'c-1', title: 'Harbour', theirsBy: 'back-office (bob)', at: base.at })
    expect(v.fields).toEqual([
      { field: 'adminEmail', mine: 'a@h.test', theirs: 'b@h.test' },
      { field: 'members', mine: '["M1"]', theirs: '["M1","M2"]' },
    ])
  })

  it('a record removed on one side: named from the other, removal flagged', () => {
    const v = conflictView({ ...base, mine: null, mineRemoved: true, theirs: { name: 'Template A' } })
    expect(v).toMatchObject({ title: 'Template A', mineRemoved: true, theirsRemoved: false })
    expect(v.fields).toEqual([{ field: 'name', mine: '', theirs: 'Template A' }])
  })

  it('a body that is not an object, or has no name: the id stands in', () => {
    expect(conflictView({ ...base, mine: 'x', theirs: [1] }).title).toBe('c-1')
  })
})
