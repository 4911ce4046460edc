import type { Kysely } from 'kysely';

// Frozen: later changes go into new migrations. Design: docs/firmware.md.
export async function up(db: Kysely<any>): Promise<void> {
  // A firmware image: what the uploader typed and what the server measured; the bytes live in the
  // file store under `file_key`.
  await db.schema
    .createTable('firmware_images')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // null: the administrator's image.
    .addColumn('tenant_id', 'varchar(36)')
    // tenant_id, or '' for the administrator: PostgreSQL's unique index never sees two nulls collide.
    .addColumn('owner_key', 'varchar(36)', (c) => c.notNull())
    .addColumn('model', 'varchar(32)', (c) => c.notNull())
    .addColumn('hw_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('fw_version', 'varchar(32)', (c) => c.notNull())
    .addColumn('md5', 'varchar(32)', (c) => c.notNull())
    .addColumn('checksum', 'varchar(10)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('operator', 'varchar(32)', (c) => c.notNull())
    .addColumn('description', 'varchar(200)', (c) => c.notNull().defaultTo(''))
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'varchar(36)')
    .addColumn('creator_name', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One image per owner, model, hardware and version (15005), also under two uploads at once.
  await db.schema
    .createIndex('firmware_images_identity')
    .on('firmware_images')
    .columns(['owner_key', 'model', 'hw_version', 'fw_version'])
    .unique()
    .execute();
  // The library view and the choosers look images up by model and hardware version.
  await db.schema
    .createIndex('firmware_images_model')
    .on('firmware_images')
    .columns(['model', 'hw_version'])
    .execute();
  // The library counts devices by model, hardware and version.
  await db.schema
    .createIndex('devices_firmware')
    .on('devices')
    .columns(['tenant_id', 'model', 'hw_version', 'fw_version'])
    .execute();
}
