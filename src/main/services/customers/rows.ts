/** The customers table: its migrations, its row, and how a row and a record become one another (no statements run here). */
import { CUSTOMER_TEXT_FIELDS, CUSTOMER_TYPE_LABELS, type CustomerTextField, type CustomerType } from '@shared/customers/fields'
import type { CustomerRecord } from '@shared/ipc/channels/customers'
import type { Migration } from '../db/database'

/** Column of each text field. */
export const COLUMN: Record<CustomerTextField, string> = {
  customerName: 'customer_name',
  customerId: 'customer_id',
  crmCustomerId: 'crm_customer_id',
  channelCode: 'channel_code',
  channelCustomerId: 'channel_customer_id',
  enterpriseGlobalId: 'enterprise_global_id',
  enterpriseName: 'enterprise_name',
  branchCode: 'branch_code',
  branchName: 'branch_name',
  adminName: 'admin_name',
  adminAccount: 'admin_account',
  adminEmail: 'admin_email',
  adminCellNumber: 'admin_cell_number',
  passwordMobile: 'password_mobile',
  address: 'address',
}

export const CUSTOMER_MIGRATIONS: Migration[] = [
  {
    id: 'customers-1',
    sql: `
      CREATE TABLE customers (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        profile_id TEXT NOT NULL,
        ${CUSTOMER_TEXT_FIELDS.map((f) => `${COLUMN[f]} TEXT`).join(',\n        ')},
        customer_type TEXT,
        is_default INTEGER,
        members TEXT NOT NULL DEFAULT '[]',
        source TEXT NOT NULL,
        last_seen_at INTEGER,
        last_seen_by TEXT,
        used_at INTEGER,
        recent_at INTEGER NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        removed_at INTEGER,
        search TEXT NOT NULL
      );
      CREATE INDEX customers_recent ON customers (profile_id, recent_at DESC);
      CREATE INDEX customers_by_customer_id ON customers (profile_id, customer_id);
      CREATE INDEX customers_by_channel ON customers (profile_id, channel_code, channel_customer_id);
      CREATE INDEX customers_by_crm ON customers (profile_id, crm_customer_id);
      CREATE INDEX customers_by_enterprise ON customers (profile_id, enterprise_global_id);
      CREATE VIRTUAL TABLE customers_fts USING fts5 (search, content = 'customers', content_rowid = 'seq', tokenize = 'trigram');
      CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
        INSERT INTO customers_fts (rowid, search) VALUES (new.seq, new.search);
      END;
      CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
        INSERT INTO customers_fts (customers_fts, rowid, search) VALUES ('delete', old.seq, old.search);
      END;
      CREATE TRIGGER customers_fts_update AFTER UPDATE OF search ON customers BEGIN
        INSERT INTO customers_fts (customers_fts, rowid, search) VALUES ('delete', old.seq, old.search);
        INSERT INTO customers_fts (rowid, search) VALUES (new.seq, new.search);
      END;
    `,
  },
]

export interface Row {
  seq: number
  id: string
  profile_id: string
  customer_type: string | null
  is_default: number | null
  members: string
  source: string
  last_seen_at: number | null
  last_seen_by: string | null
  used_at: number | null
  created_at: number
  updated_at: number
  removed_at: number | null
  [column: string]: string | number | null
}

/** Text fields as the book stores them: null for unknown; absent keys leave a stored value as it is. */
export type CustomerFieldValues = Partial<Record<CustomerTextField, string | null>> & {
  customerType?: CustomerType | null
  isDefault?: boolean | null
  members?: CustomerRecord['members']
}

/** Folds what search compares: full-width forms (NFKC) and case. */
export function foldText(s: string): string {
  return s.normalize('NFKC').toLowerCase()
}

export function toRecord(row: Row): CustomerRecord {
  const r: Record<string, unknown> = {
    id: row.id,
    profileId: row.profile_id,
    customerType: row.customer_type === 'personal' || row.customer_type === 'company' ? row.customer_type : null,
    isDefault: row.is_default === null ? null : row.is_default !== 0,
    members: parseMembers(row.members),
    source: row.source,
    lastSeenAt: row.last_seen_at,
    lastSeenBy: row.last_seen_by,
    usedAt: row.used_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    removedAt: row.removed_at,
  }
  for (const f of CUSTOMER_TEXT_FIELDS) r[f] = (row[COLUMN[f]] as string | null) ?? null
  return r as CustomerRecord
}

function parseMembers(json: string): CustomerRecord['members'] {
  try {
    const v = JSON.parse(json) as unknown
    if (!Array.isArray(v)) return []
    return v.filter(
      (m): m is CustomerRecord['members'][number] =>
        typeof m === 'object' && m !== null && typeof (m as Record<string, unknown>)['memberGlobalId'] === 'string' && typeof (m as Record<string, unknown>)['memberIdentity'] === 'string',
    )
  } catch {
    return []
  }
}

/** The text search runs over: every field, and the customer type's words in both languages. */
export function searchText(r: CustomerRecord): string {
  const parts: string[] = []
  for (const f of CUSTOMER_TEXT_FIELDS) if (r[f]) parts.push(r[f]!)
  if (r.customerType) parts.push(r.customerType, CUSTOMER_TYPE_LABELS[r.customerType].en, CUSTOMER_TYPE_LABELS[r.customerType]['zh-CN'])
  for (const m of r.members) parts.push(m.memberGlobalId, m.memberIdentity)
  return foldText(parts.join('\n'))
}

/** Empty text is unknown. */
export function clean(v: string | null | undefined): string | null | undefined {
  if (v === undefined) return undefined
  if (v === null) return null
  const t = v.trim()
  return t === '' ? null : t
}

/** A record with the given values applied (undefined: kept; null or blank: cleared). */
export function apply(r: CustomerRecord, f: CustomerFieldValues): CustomerRecord {
  const out: CustomerRecord = { ...r }
  for (const k of CUSTOMER_TEXT_FIELDS) {
    const v = clean(f[k])
    if (v !== undefined) out[k] = v
  }
  if (f.customerType !== undefined) out.customerType = f.customerType
  if (f.isDefault !== undefined) out.isDefault = f.isDefault
  if (f.members !== undefined) out.members = f.members
  return out
}

export function sameFields(a: CustomerRecord, b: CustomerRecord): boolean {
  return (
    CUSTOMER_TEXT_FIELDS.every((k) => a[k] === b[k]) &&
    a.customerType === b.customerType &&
    a.isDefault === b.isDefault &&
    JSON.stringify(a.members) === JSON.stringify(b.members)
  )
}
