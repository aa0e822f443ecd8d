import type { Knex } from 'knex';

/**
 * Uploaded images, kept in the database so that every server instance can serve them. One row per encoded
 * variant; the key holds the content hash, so a URL never changes meaning and can be cached for a year.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('stored_files', (t) => {
    t.text('key').primary(); // e.g. 3f2a…c1-480.webp
    t.text('content_hash').notNullable();
    t.text('variant').notNullable();
    t.text('content_type').notNullable();
    t.integer('width');
    t.integer('height');
    t.integer('byte_size').notNullable();
    t.binary('data').notNullable();
    t.text('original_name');
    t.uuid('uploaded_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['content_hash']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('stored_files');
}
