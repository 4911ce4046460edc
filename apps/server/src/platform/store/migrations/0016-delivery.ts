import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/delivery.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A campaign: one command kind to many devices, from its effective time until its expiry.
  await db.schema
    .createTable('delivery_campaigns')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(64)')
    .addColumn('ref_revision', 'integer')
    .addColumn('ref_name', 'varchar(200)')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('effective_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('concurrency', 'integer')
    .addColumn('first_percent', 'integer')
    .addColumn('max_fail_percent', 'integer')
    .addColumn('stop_reason', 'varchar(32)')
    .addColumn('ended_by', 'varchar(36)')
    .addColumn('finished_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // One node steps a campaign at a time (its lease); others leave a poke, which the holder sees
    // when it lets go and steps once more for.
    .addColumn('step_node', 'varchar(100)')
    .addColumn('step_until', 'bigint')
    .addColumn('pokes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The ISSUED lists: a tenant's campaigns of a kind, newest first.
  await db.schema
    .createIndex('delivery_campaigns_tenant')
    .on('delivery_campaigns')
    .columns(['tenant_id', 'kind', 'created_at'])
    .execute();
  // What the sweep and a restart resume: campaigns not ended.
  await db.schema
    .createIndex('delivery_campaigns_status')
    .on('delivery_campaigns')
    .column('status')
    .execute();

  // A target: one device of a campaign, following its command.
  await db.schema
    .createTable('delivery_targets')
    .addColumn('campaign_id', 'varchar(36)', (c) => c.notNull().references('delivery_campaigns.id'))
    .addColumn('device_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(36)')
    .addColumn('sn', 'varchar(64)', (c) => c.notNull())
    .addColumn('wave', 'integer', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('stage', 'varchar(32)')
    .addColumn('code', 'varchar(64)')
    .addColumn('detail', 'text')
    .addColumn('percent', 'integer')
    .addColumn('body', 'text')
    .addColumn('command_id', 'varchar(64)')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('finished_at', 'bigint')
    .addPrimaryKeyConstraint('delivery_targets_pk', ['campaign_id', 'device_id'])
    .execute();
  // The engine's picks and counts: a campaign's targets by status, in issue order.
  await db.schema
    .createIndex('delivery_targets_status')
    .on('delivery_targets')
    .columns(['campaign_id', 'status', 'wave', 'position'])
    .execute();
  // A command change finds its target.
  await db.schema
    .createIndex('delivery_targets_command')
    .on('delivery_targets')
    .column('command_id')
    .execute();
  // A device's deliveries (GET /v1/issued/device).
  await db.schema
    .createIndex('delivery_targets_device')
    .on('delivery_targets')
    .columns(['device_id', 'updated_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('delivery_targets').execute();
  await db.schema.dropTable('delivery_campaigns').execute();
}
