/**
 * The same lock lists through the Locks screen's path and the command line's path get the same verdicts: what is
 * sent, what repeats, what is malformed. Screen: pasted text is checked as typed (models/locks/lock-list.ts); a file
 * goes through the core's table reader (imports.parseTable), the column picker's default column, and into the
 * list box as text. CLI: the file (or text) goes through the import (services/import), as `license-desk locks`.
 */
import { describe, expect, it } from 'vitest'
import { columnAsText } from '@shared/lists/asset-numbers'
import { importLockNumbers } from '../../../../src/main/services/import'
import { parseTable } from '../../../../src/main/handlers/imports'
import { checkListText, numbersToSend } from '../../../../src/renderer/models/locks/lock-list'

const fullWidth = (s: string) => [...s].map((d) => String.fromCharCode(0xff10 + Number(d))).join('')
const utf8 = (s: string) => new TextEncoder().encode(s)

interface Verdicts {
  sent: string[]
  repeats: string[]
  malformed: string[]
}

/** The screen: text pasted into the list. */
function screenText(text: string): Verdicts {
  const c = checkListText(text)
  return { sent: numbersToSend(c), repeats: c.duplicateRows.map((d) => d.value), malformed: c.malformedRows.map((m) => m.value) }
}

/** The screen: a file read by the core, its default column put into the list. */
async function screenFile(fileName: string, content: string): Promise<Verdicts> {
  const table = await parseTable(fileName, utf8(content), 'en')
  const column = table.guess >= 0 ? table.guess : 0
  return screenText(columnAsText(table.rows, column))
}

/** The command line: the import. */
async function cli(input: { text: string } | { fileName: string; content: string }): Promise<Verdicts> {
  const r = await importLockNumbers('text' in input ? { text: input.text } : { bytes: utf8(input.content), fileName: input.fileName })
  const valueOf = (message: string) => /"([^"]*)"|“([^”]*)”/.exec(message)?.slice(1).find(Boolean) ?? message
  return {
    sent: r.items.map((i) => i.value),
    repeats: r.issues.filter((i) => i.code === 'import.duplicate').map((i) => valueOf(i.message)),
    malformed: r.issues.filter((i) => i.code === 'import.lockNumber').map((i) => valueOf(i.message)),
  }
}

const TEXTS: { name: string; text: string; sent: string[]; repeats?: string[]; malformed?: string[] }[] = [
  { name: 'full-width digits', text: `${fullWidth('8100000001')}\n8100000002`, sent: ['8100000001', '8100000002'] },
  { name: 'spreadsheet quotes', text: `"8100000001"\n'8100000002\n“8100000003”`, sent: ['8100000001', '8100000002', '8100000003'] },
  { name: 'Chinese separators', text: '8100000001，8100000002；8100000003、8100000004', sent: ['8100000001', '8100000002', '8100000003', '8100000004'] },
  { name: 'a pipe is part of an entry, which is then no lock number', text: '81000|00001\n8100000002', sent: ['8100000002'], malformed: ['81000|00001'] },
  { name: 'tabs between numbers', text: '8100000001\t8100000002\n8100000003', sent: ['8100000001', '8100000002', '8100000003'] },
  { name: 'words are one malformed entry', text: '8100000001\nabc def\n8100000002 张三', sent: ['8100000001'], malformed: ['abc def', '8100000002 张三'] },
  { name: 'letters or too few digits are refused, repeats sent once', text: '8100000001\nabcdefghij\n12345\n8100000001', sent: ['8100000001'], repeats: ['8100000001'], malformed: ['abcdefghij', '12345'] },
  { name: 'a heading line', text: 'Lock number\n8100000001\n8100000002', sent: ['8100000001', '8100000002'] },
]

describe('a pasted list and a text file get the same verdicts on the screen and on the command line', () => {
  for (const c of TEXTS) {
    it(c.name, async () => {
      const expected = { sent: c.sent, repeats: c.repeats ?? [], malformed: c.malformed ?? [] }
      expect(screenText(c.text)).toEqual(expected)
      expect(await cli({ text: c.text })).toEqual(expected)
      expect(await cli({ fileName: 'locks.txt', content: c.text })).toEqual(expected)
    })
  }
})

describe('a multi-column spreadsheet gets the same verdicts on the screen and on the command line', () => {
  const FILES: { name: string; fileName: string; content: string; sent: string[]; repeats?: string[]; malformed?: string[] }[] = [
    {
      name: 'CSV with a header naming the lock column, among a phone column',
      fileName: 'locks.csv',
      content: `Name,Phone number,Lock number,Note\nZhang,13800000000,${fullWidth('8100000001')},a\nLi,13900000000,"8100000002",b\nWang,13700000000,8100000002,c\nZhao,13600000000,abc def,d\n`,
      sent: ['8100000001', '8100000002'],
      repeats: ['8100000002'],
      malformed: ['abc def'],
    },
    {
      name: 'CSV without a header: the column of lock-like values',
      fileName: 'x.csv',
      content: 'alice;8100000001;x\nbob;8100000002;y\ncarol;8100000003;z\n',
      sent: ['8100000001', '8100000002', '8100000003'],
    },
    {
      name: 'TSV with Chinese headers',
      fileName: 'x.tsv',
      content: '姓名\t锁号\t备注\n张三\t8100000001\t甲\n李四\t8100000001\t乙\n',
      sent: ['8100000001'],
      repeats: ['8100000001'],
    },
  ]
  for (const f of FILES) {
    it(f.name, async () => {
      const expected = { sent: f.sent, repeats: f.repeats ?? [], malformed: f.malformed ?? [] }
      expect(await screenFile(f.fileName, f.content)).toEqual(expected)
      expect(await cli({ fileName: f.fileName, content: f.content })).toEqual(expected)
    })
  }
})
