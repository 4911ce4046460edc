import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // Messages to a tenant (spec §3). A system message keeps its code and values (read in the reader's
  // language); an administrator's keeps its text. read_at null: unread.
  await db.schema
    .createTable('messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('code', 'varchar(32)')
    .addColumn('params', 'text')
    .addColumn('title', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sender_id', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('messages_tenant_created')
    .on('messages')
    .columns(['tenant_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('messages').execute();
}
