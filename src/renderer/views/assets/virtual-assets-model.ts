/** The columns of Assets → Virtual assets: each cell's text, class and tooltip, from strings that already exist. */
import type { Locale } from '@shared/i18n/locale'
import type { TableColumn } from '../../components/virtual-table'
import type { AssetRow } from '../../models/assets/asset-list'
import { formatTime } from '../../models/format'

const PILL_DANGER = 'status-pill status-pill--danger'
const PILL_WARNING = 'status-pill status-pill--warning'
const PILL_INFO = 'status-pill status-pill--info'
const MUTED = 'va__muted'

/** Words looked up once per language (VirtualTable calls the column texts for every row that scrolls into view). */
export interface AssetColumnWords {
  types: Map<string, string>
  locked: string
  notLocked: string
  frozen: string
  unassigned: string
  selectRow: string
}

/**
 * The table's columns. Creation dates and row labels are made on first sight and kept, per row index, for the
 * life of these columns (one language, one list); `memberLabel` is the member directory's name for an id.
 */
export function assetColumns(o: {
  t: (key: string) => string
  words: AssetColumnWords
  locale: Locale
  isSelected: (index: number) => boolean
  memberLabel: (member: string) => string | undefined
}): TableColumn<AssetRow>[] {
  const { t, words: w, locale: loc } = o
  const created: string[] = []
  const labels: string[] = []
  return [
    {
      key: 'select',
      title: t('assets.selectAllVisible'),
      width: 48,
      align: 'center',
      check: {
        checked: (r) => o.isSelected(r.index),
        label: (r) => (labels[r.index] ??= w.selectRow.replace('{num}', r.assetNum)),
      },
    },
    { key: 'assetNum', title: t('assets.col.assetNum'), width: 150, sortable: true, text: (r) => r.assetNum, textClass: () => 'va__num' },
    {
      key: 'licenseType',
      title: t('assets.col.licenseType'),
      width: 230,
      grow: true,
      sortable: true,
      text: (r) => w.types.get(r.licenseType) ?? r.licenseType,
      textClass: () => 'va__type',
      tooltip: (r) => r.licenseType,
    },
    {
      key: 'locked',
      title: t('assets.col.locked'),
      width: 110,
      sortable: true,
      text: (r) => (r.locked ? w.locked : w.notLocked),
      textClass: (r) => (r.locked ? PILL_DANGER : MUTED),
    },
    {
      key: 'frozen',
      title: t('assets.col.frozen'),
      width: 100,
      sortable: true,
      text: (r) => (r.frozen ? w.frozen : '—'),
      textClass: (r) => (r.frozen ? PILL_WARNING : MUTED),
    },
    {
      key: 'member',
      title: t('assets.col.assignedTo'),
      width: 190,
      sortable: true,
      // The employee's name and account once the member directory knows them; the id on hover.
      text: (r) => (r.member ? (o.memberLabel(r.member) ?? r.member) : w.unassigned),
      textClass: (r) => (r.member ? (o.memberLabel(r.member) ? '' : 'va__code') : MUTED),
      tooltip: (r) => r.member,
    },
    {
      key: 'extendCodes',
      title: t('assets.col.extends'),
      width: 110,
      text: (r) => r.extendCodes || '—',
      textClass: (r) => (r.extendCodes ? PILL_INFO : MUTED),
    },
    {
      key: 'createTime',
      title: t('assets.col.created'),
      width: 160,
      sortable: true,
      text: (r) => (created[r.index] ??= formatTime(r.createTime, loc)),
      textClass: () => MUTED,
    },
  ]
}
