/**
 * The workspace's tables on the PostgreSQL server, as numbered migrations the app runs itself.
 *
 * Every workstation runs them when it connects. Two at once are safe: the runner holds a transaction-scoped
 * advisory lock (`pg_advisory_xact_lock`) while it reads which steps are applied and applies the rest, so the second
 * waits and then finds nothing left to do. The tables are created as the team role (`SET LOCAL ROLE`), so every
 * member owns them alike and a later migration runs from any member's workstation.
 *
 * - `records`: one row per shared record (kind: customer, product, template, draft), its body as JSON, a version
 *   counted per record (a change is accepted only over the version it was made on: otherwise it is a conflict) and
 *   `rev`, the order changes were committed in (pulls read everything past the last rev seen; writes take the
 *   write lock first, so revs commit in order and a pull never skips one).
 * - `applied`: the id of every local change accepted, so a change sent again after a lost answer (the server or
 *   the workstation went down in between) is recognised, never applied twice.
 * - `order_numbers`: order numbers (channelOrderId) reserved across the team before an order is sent.
 * A trigger notifies `ld_changes` on every committed change (LISTEN/NOTIFY: a colleague's edit shows within 2 s).
 */
import type pg from 'pg'

export const WORKSPACE_SCHEMA = 'desk'
export const TEAM_ROLE = 'license_desk_team'
export const CHANGES_CHANNEL = 'ld_changes'
/** Advisory lock keys (any two fixed numbers the app alone uses in this database). */
export const MIGRATION_LOCK = 3_600_001
export const WRITE_LOCK = 3_600_002

export interface ServerMigration {
  id: string
  sql: string
}

export const SERVER_MIGRATIONS: readonly ServerMigration[] = [
  {
    id: 'workspace-1',
    sql: `
      CREATE SEQUENCE rev_seq;
      CREATE TABLE records (
        kind text NOT NULL,
        id text NOT NULL,
        version bigint NOT NULL,
        rev bigint NOT NULL,
        body jsonb NOT NULL,
        removed boolean NOT NULL DEFAULT false,
        updated_by text NOT NULL,
        updated_from text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (kind, id)
      );
      CREATE INDEX records_rev ON records (rev);
      CREATE TABLE applied (
        op_id uuid PRIMARY KEY,
        kind text NOT NULL,
        id text NOT NULL,
        version bigint NOT NULL,
        applied_by text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE order_numbers (
        channel_order_id text PRIMARY KEY,
        draft_id text NOT NULL,
        reserved_by text NOT NULL,
        reserved_from text NOT NULL,
        reserved_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE FUNCTION notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGES_CHANNEL}', NEW.kind || ':' || NEW.rev);
        RETURN NULL;
      END $$;
      CREATE TRIGGER records_notify AFTER INSERT OR UPDATE ON records FOR EACH ROW EXECUTE FUNCTION notify_change();
    `,
  },
]

/** Brings the server's schema up to date (safe from several workstations at once). Returns the steps applied. */
export async function migrateServer(client: pg.ClientBase, migrations: readonly ServerMigration[] = SERVER_MIGRATIONS): Promise<string[]> {
  await client.query('BEGIN')
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query(`SET LOCAL ROLE ${TEAM_ROLE}`)
    await client.query(`SET LOCAL search_path TO ${WORKSPACE_SCHEMA}`)
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now(), applied_by text NOT NULL)')
    const done = new Set((await client.query<{ id: string }>('SELECT id FROM schema_migrations')).rows.map((r) => r.id))
    const applied: string[] = []
    for (const m of migrations) {
      if (done.has(m.id)) continue
      await client.query(m.sql)
      await client.query('INSERT INTO schema_migrations (id, applied_by) VALUES ($1, session_user)', [m.id])
      applied.push(m.id)
    }
    await client.query('COMMIT')
    return applied
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined)
    throw err
  }
}
