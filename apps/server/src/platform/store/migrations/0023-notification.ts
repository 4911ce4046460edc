import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // A tenant's webhook endpoints (docs/notifications.md). levels: the alarm levels sent, e.g. "2,3".
  await db.schema
    .createTable('notification_webhooks')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(500)', (c) => c.notNull())
    .addColumn('secret', 'varchar(80)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('levels', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_webhooks_tenant')
    .on('notification_webhooks')
    .column('tenant_id')
    .execute();

  // Where an account receives WeChat template messages (openid) or app pushes (FCM token).
  await db.schema
    .createTable('notification_bindings')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('address', 'varchar(4096)', (c) => c.notNull())
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_bindings_tenant_channel')
    .on('notification_bindings')
    .columns(['tenant_id', 'channel'])
    .execute();
  await db.schema
    .createIndex('notification_bindings_user')
    .on('notification_bindings')
    .columns(['user_id', 'channel'])
    .execute();

  // Maintenance windows: a network's notifications muted from start_at to end_at (or ended_at).
  await db.schema
    .createTable('maintenance_windows')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull().references('tenants.id'))
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .addColumn('creator_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('maintenance_windows_network')
    .on('maintenance_windows')
    .columns(['tenant_id', 'network_id', 'end_at'])
    .execute();

  // Alarm changes waiting for their network's digest (batch_at: the window's end); done_at once digested.
  await db.schema
    .createTable('notification_queue')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('alarm_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event', 'varchar(8)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('muted', 'integer', (c) => c.notNull())
    .addColumn('batch_at', 'bigint', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('done_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notification_queue_batch')
    .on('notification_queue')
    .columns(['tenant_id', 'network_id', 'done_at', 'batch_at'])
    .execute();

  // Every send to one recipient through one channel, with its outcome.
  await db.schema
    .createTable('notification_records')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)')
    .addColumn('network_name', 'varchar(64)')
    .addColumn('channel', 'varchar(8)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('recipient', 'varchar(4096)', (c) => c.notNull())
    .addColumn('label', 'varchar(64)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(36)')
    .addColumn('alarm_ids', 'text', (c) => c.notNull())
    .addColumn('alarm_count', 'integer', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'varchar(8)', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('notification_records_tenant_created')
    .on('notification_records')
    .columns(['tenant_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notification_records_recipient')
    .on('notification_records')
    .columns(['tenant_id', 'channel', 'recipient', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'notification_records',
    'notification_queue',
    'maintenance_windows',
    'notification_bindings',
    'notification_webhooks',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
