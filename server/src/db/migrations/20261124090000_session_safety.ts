import type { Knex } from 'knex';

/**
 * Sessions that end everywhere at once, and password resets that belong to whoever verified the code:
 * - `refresh_tokens.successor_sealed`: the pair a rotation answered, sealed with a key made from the old
 *   token (only its holder can open it), so a second tab refreshing with the same token within the grace
 *   window gets the same pair instead of revoking the session;
 * - a partial index on the live tokens of a family, so every request can ask "is this session still on?"
 *   in one index probe;
 * - `password_reset_codes.reset_token_hash`: the single-use reset token a verified code issues.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.text('successor_sealed');
  });
  await knex.raw('create index refresh_tokens_live_family on refresh_tokens (family_id) where revoked_at is null');
  await knex.schema.alterTable('password_reset_codes', (t) => {
    t.text('reset_token_hash');
  });
  await knex.raw('create unique index password_reset_codes_token on password_reset_codes (reset_token_hash) where reset_token_hash is not null');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists password_reset_codes_token');
  await knex.schema.alterTable('password_reset_codes', (t) => {
    t.dropColumn('reset_token_hash');
  });
  await knex.raw('drop index if exists refresh_tokens_live_family');
  await knex.schema.alterTable('refresh_tokens', (t) => {
    t.dropColumn('successor_sealed');
  });
}
