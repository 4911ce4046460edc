import type { Kysely } from 'kysely';

// Frozen: later changes go into new, later-numbered migrations.
export async function up(db: Kysely<any>): Promise<void> {
  // A network's settings of the 21 alarm types (spec §3 Alarm settings): one row per type, all 21
  // written at the first save; a network without rows uses the defaults (docs/alarms.md).
  // push, phones, emails: JSON arrays.
  await db.schema
    .createTable('alarm_settings')
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull())
    .addColumn('threshold', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('push', 'text', (c) => c.notNull())
    .addColumn('phones', 'text', (c) => c.notNull())
    .addColumn('emails', 'text', (c) => c.notNull())
    .addColumn('window_s', 'integer', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('alarm_settings_pk', ['network_id', 'type'])
    .execute();
  await db.schema.createIndex('alarm_settings_tenant').on('alarm_settings').column('tenant_id').execute();

  // Custom alarms (kind 'custom': a device metric against a threshold) and limit alarms (kind
  // 'limit': a network's figure against a maximum). code: the alarm code their alarms carry.
  await db.schema
    .createTable('alarm_rules')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('code', 'integer', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull())
    .addColumn('metric', 'varchar(32)', (c) => c.notNull())
    .addColumn('compare', 'varchar(8)', (c) => c.notNull())
    .addColumn('threshold', 'bigint', (c) => c.notNull())
    .addColumn('device_type', 'integer', (c) => c.notNull())
    .addColumn('window_s', 'integer', (c) => c.notNull())
    .addColumn('enable', 'integer', (c) => c.notNull())
    .addColumn('level', 'integer')
    .addColumn('push', 'text', (c) => c.notNull())
    .addColumn('phones', 'text', (c) => c.notNull())
    .addColumn('emails', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alarm_rules_network_code')
    .on('alarm_rules')
    .columns(['network_id', 'code'])
    .unique()
    .execute();
  await db.schema
    .createIndex('alarm_rules_network_name')
    .on('alarm_rules')
    .columns(['network_id', 'kind', 'name_key'])
    .unique()
    .execute();
  await db.schema.createIndex('alarm_rules_tenant').on('alarm_rules').column('tenant_id').execute();

  // Alarms the engine raised. open_key (device or network, code, subject) is set while the alarm
  // is open and null once cleared: its unique index keeps one open alarm per device and type, also
  // across restarts and nodes.
  await db.schema
    .createTable('alarms')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('network_id', 'varchar(36)')
    .addColumn('network_name', 'varchar(100)')
    .addColumn('device_id', 'varchar(36)')
    .addColumn('sn', 'varchar(64)')
    .addColumn('device_name', 'varchar(100)')
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('name_en', 'varchar(100)', (c) => c.notNull())
    .addColumn('name_zh', 'varchar(100)', (c) => c.notNull())
    .addColumn('subject', 'varchar(100)', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('text_en', 'varchar(500)', (c) => c.notNull())
    .addColumn('text_zh', 'varchar(500)', (c) => c.notNull())
    .addColumn('open_key', 'varchar(250)')
    .addColumn('raised_at', 'bigint', (c) => c.notNull())
    .addColumn('cleared_at', 'bigint')
    .addColumn('handle', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handled_by', 'varchar(36)')
    .addColumn('handled_by_name', 'varchar(100)')
    .addColumn('handled_at', 'bigint')
    .addColumn('behind', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repeats', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('alarms_open_key').on('alarms').column('open_key').unique().execute();
  await db.schema
    .createIndex('alarms_tenant_raised')
    .on('alarms')
    .columns(['tenant_id', 'raised_at'])
    .execute();
  await db.schema
    .createIndex('alarms_network_open')
    .on('alarms')
    .columns(['network_id', 'cleared_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alarms').execute();
  await db.schema.dropTable('alarm_rules').execute();
  await db.schema.dropTable('alarm_settings').execute();
}
