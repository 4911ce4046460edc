import { sql, type Kysely } from 'kysely';

/** PostgreSQL numbers its parameters ($1); SQLite does not (?). */
function isPostgres(db: Kysely<any>): boolean {
  return sql`${0}`.compile(db).sql.startsWith('$');
}

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // The device list's status and type filters in its default order (newest first): a page and its
  // count come from the index instead of every device of the tenant.
  await db.schema
    .createIndex('devices_tenant_status')
    .on('devices')
    .columns(['tenant_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('devices_tenant_type')
    .on('devices')
    .columns(['tenant_id', 'type', 'created_at'])
    .execute();
  // What the search looks in (SN, alias, MAC, reported MAC), lower-case, in one column: one LIKE
  // a device instead of four, read from the index alone. PostgreSQL keeps it as a stored generated
  // column; SQLite cannot add one to an existing table, so triggers keep a plain column.
  const key = (row: string) =>
    sql.raw(`lower(${['sn', 'alias', 'mac', 'hello_mac'].map((c) => `${row}${c}`).join(` || '\n' || `)})`);
  if (isPostgres(db)) {
    await db.schema
      .alterTable('devices')
      .addColumn('search_key', 'text', (c) => c.generatedAlwaysAs(key('')).stored())
      .execute();
  } else {
    await db.schema
      .alterTable('devices')
      .addColumn('search_key', 'text', (c) => c.notNull().defaultTo(''))
      .execute();
    await sql`update devices set search_key = ${key('')}`.execute(db);
    await sql`create trigger devices_search_key_insert after insert on devices
      begin update devices set search_key = ${key('new.')} where rowid = new.rowid; end`.execute(db);
    await sql`create trigger devices_search_key_update after update of sn, alias, mac, hello_mac on devices
      when new.sn is not old.sn or new.alias is not old.alias or new.mac is not old.mac
        or new.hello_mac is not old.hello_mac
      begin update devices set search_key = ${key('new.')} where rowid = new.rowid; end`.execute(db);
  }
  await db.schema
    .createIndex('devices_search')
    .on('devices')
    .columns(['tenant_id', 'created_at', 'id', 'search_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('devices_search').execute();
  if (!isPostgres(db)) {
    await sql`drop trigger devices_search_key_update`.execute(db);
    await sql`drop trigger devices_search_key_insert`.execute(db);
  }
  await db.schema.alterTable('devices').dropColumn('search_key').execute();
  await db.schema.dropIndex('devices_tenant_type').execute();
  await db.schema.dropIndex('devices_tenant_status').execute();
}
