import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-dated migrations.
// SQLite adds one column per ALTER TABLE, hence one statement each.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ['discount_device', 'discount_sms', 'discount_cloud']) {
    await db.schema
      .alterTable('tenants')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('tenants').addColumn('logo_path', 'varchar(255)').execute();

  // Forgotten passwords are found by phone; uniqueness checks look up phones and addresses.
  await db.schema.createIndex('users_phone').on('users').column('phone').execute();
  await db.schema.createIndex('users_email').on('users').column('email').execute();
  await db.schema.createIndex('sessions_tenant').on('sessions').columns(['tenant_id', 'ended_at']).execute();

  // One-time codes (e-mail, SMS) and reset tickets; only a hash of the secret is kept.
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id'))
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_codes_target')
    .on('verification_codes')
    .columns(['purpose', 'target', 'used_at'])
    .execute();

  // Code sends, counted per recipient and per requesting address for the rate limits.
  await db.schema
    .createTable('send_events')
    .addColumn('key', 'varchar(300)', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('send_events_key').on('send_events').columns(['key', 'sent_at']).execute();
  await db.schema.createIndex('send_events_time').on('send_events').column('sent_at').execute();

  // Mail and SMS kept for the administrator when no SMTP server or SMS provider is configured.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_time').on('outbox').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['outbox', 'send_events', 'verification_codes']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
  for (const i of ['sessions_tenant', 'users_email', 'users_phone']) {
    await db.schema.dropIndex(i).ifExists().execute();
  }
  for (const column of ['logo_path', 'discount_cloud', 'discount_sms', 'discount_device']) {
    await db.schema.alterTable('tenants').dropColumn(column).execute();
  }
}
