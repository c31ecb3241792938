/**
 * "Who holds what": the audit workbook's sheets, one per view (employees with their numbers and lent lock, the
 * asset numbers with their holder, the borrowed locks with what was lent into them, and optionally every product
 * of every held number), in the reader's language. Pure: the core reads the service and writes the file.
 */
import type { AssetProducts, MerchandiseInstance, ProductInstance } from '../api/models'
import type { Locale } from '../i18n/locale'
import type { LentLockView } from '../ipc/channels/holdings'
import { serviceDateTime } from '../time/dates'

type Words = Record<Locale, string>
const w = (en: string, zh: string): Words => ({ en, 'zh-CN': zh })

export const AUDIT_WORDS = {
  employees: w('Employees', '员工'),
  numbers: w('Asset numbers', '资产编号'),
  locks: w('Lent locks', '借用锁'),
  products: w('Products', '产品'),
  name: w('Name', '姓名'),
  account: w('Account', '账号'),
  globalId: w('Global id', '全局 ID'),
  department: w('Department', '部门'),
  count: w('Numbers held', '持有编号数'),
  heldNumbers: w('Asset numbers held', '持有的资产编号'),
  lentLock: w('Lent lock', '借用锁'),
  assetNum: w('Asset number', '资产编号'),
  assetId: w('Asset id', '资产 ID'),
  holderName: w('Holder', '持有人'),
  holderAccount: w('Holder account', '持有人账号'),
  holderId: w('Holder global id', '持有人全局 ID'),
  lent: w('Lent', '已借出'),
  online: w('Online', '在线'),
  borrowedLock: w('Borrowed lock', '借用锁'),
  yes: w('yes', '是'),
  no: w('no', '否'),
  lockNum: w('Lock number', '锁号'),
  state: w('State', '状态'),
  lentState: w('lent', '已借出'),
  freeState: w('free', '空闲'),
  lentAssets: w('Assets lent into it', '借入的资产'),
  since: w('Lent since (UTC+8)', '借出时间（北京时间）'),
  recorded: w('Recorded on this computer', '本机有记录'),
  package: w('Package', '产品包'),
  product: w('Product', '产品'),
  productUri: w('Product id', '产品标识'),
  nodes: w('Nodes', '节点数'),
  start: w('Valid from', '生效时间'),
  end: w('Valid until', '到期时间'),
  trial: w('Trial', '试用'),
  order: w('License order', '授权订单'),
  productsOf: w('Products read', '已读取产品'),
  productsFailed: w('could not be read: {reason}', '无法读取：{reason}'),
  fileName: w('who-holds-what', '资产持有情况'),
} as const

/** A sheet: its name, column titles and rows. */
export interface AuditSheet {
  name: string
  columns: string[]
  rows: (string | number | null)[][]
}

/** An employee as the audit needs them (member operation 5's record). */
export interface AuditEmployee {
  globalId: string
  userName: string
  name: string
  departmentName: string | null
  assetNums: readonly string[]
  borrowNum: string | null
}

export interface AuditNumber {
  assetNum: string
  assetId: string
  holder: string | null
  lent: boolean
  online: boolean
  borrowedLock: boolean
}

/** A product of an asset, flattened: the packages it sits in (outermost first) and the instance. */
export interface FlatProduct {
  packages: string[]
  product: ProductInstance
}

/** Every product under an asset (member operation 7), loose ones first, then those in packages, depth first. */
export function flattenProducts(data: AssetProducts | null | undefined): FlatProduct[] {
  const out: FlatProduct[] = []
  if (!data) return out
  for (const p of data.productInstanceList ?? []) out.push({ packages: [], product: p })
  const walk = (m: MerchandiseInstance, path: string[]) => {
    const here = [...path, m.merchandiseName ?? m.merchandiseNum ?? String(m.id)]
    for (const p of m.productInstanceList ?? []) out.push({ packages: here, product: p })
    for (const c of m.children ?? []) walk(c, here)
  }
  for (const m of data.children ?? []) walk(m, [])
  return out
}

/** A time as `yyyy-MM-dd HH:mm` in China Standard Time (the service's zone), '' for none. */
export const auditTime = serviceDateTime

export interface AuditInput {
  employees: readonly AuditEmployee[]
  numbers: readonly AuditNumber[]
  locks: readonly LentLockView[]
  /** Products by asset id, when asked for (with the error text of those that could not be read). */
  products?: ReadonlyMap<string, FlatProduct[] | { failed: string }>
}

/** The workbook's sheets in a language. */
export function auditSheets(input: AuditInput, locale: Locale): AuditSheet[] {
  const t = (k: keyof typeof AUDIT_WORDS) => AUDIT_WORDS[k][locale]
  const yes = (b: boolean) => (b ? t('yes') : t('no'))
  const people = new Map(input.employees.map((e) => [e.globalId, e]))
  const nameOf = (id: string | null) => (id ? (people.get(id)?.name ?? '') : '')
  const accountOf = (id: string | null) => (id ? (people.get(id)?.userName ?? '') : '')
  const lockOf = new Map(input.locks.filter((l) => l.holder).map((l) => [l.holder!, l.assetNum]))

  const sheets: AuditSheet[] = [
    {
      name: t('employees'),
      columns: [t('name'), t('account'), t('globalId'), t('department'), t('count'), t('heldNumbers'), t('lentLock')],
      rows: input.employees.map((e) => [e.name, e.userName, e.globalId, e.departmentName ?? '', e.assetNums.length, e.assetNums.join(', '), e.borrowNum ?? lockOf.get(e.globalId) ?? '']),
    },
    {
      name: t('numbers'),
      columns: [t('assetNum'), t('assetId'), t('holderName'), t('holderAccount'), t('holderId'), t('lent'), t('online'), t('borrowedLock')],
      rows: input.numbers.map((n) => [n.assetNum, n.assetId, nameOf(n.holder), accountOf(n.holder), n.holder ?? '', yes(n.lent), yes(n.online), yes(n.borrowedLock)]),
    },
    {
      name: t('locks'),
      columns: [t('lockNum'), t('state'), t('holderName'), t('holderAccount'), t('holderId'), t('lentAssets'), t('since'), t('recorded')],
      rows: input.locks.map((l) => [
        l.assetNum,
        l.lent ? t('lentState') : t('freeState'),
        nameOf(l.holder),
        accountOf(l.holder),
        l.holder ?? '',
        l.lentAssets.map((a) => a.assetNum ?? a.assetId).join(', '),
        auditTime(l.since),
        l.lent ? yes(l.recorded) : '',
      ]),
    },
  ]
  if (input.products) {
    const rows: (string | number | null)[][] = []
    for (const n of input.numbers) {
      const got = input.products.get(n.assetId)
      if (!got) continue
      const who = [nameOf(n.holder), accountOf(n.holder), n.assetNum]
      if ('failed' in got) {
        rows.push([...who, '', AUDIT_WORDS.productsFailed[locale].replace('{reason}', got.failed), '', null, '', '', '', ''])
        continue
      }
      for (const f of got) {
        const p = f.product
        rows.push([
          ...who,
          f.packages.join(' / '),
          p.productName ?? '',
          p.productUri ?? p.gmsPid ?? p.appKey ?? '',
          p.limitConcurrent ?? null,
          auditTime(p.limitStartTime),
          auditTime(p.limitEndTime),
          p.trial === 1 ? t('yes') : '',
          p.licenseOrderId ?? '',
        ])
      }
    }
    sheets.push({
      name: t('products'),
      columns: [t('holderName'), t('holderAccount'), t('assetNum'), t('package'), t('product'), t('productUri'), t('nodes'), t('start'), t('end'), t('trial'), t('order')],
      rows,
    })
  }
  return sheets
}
