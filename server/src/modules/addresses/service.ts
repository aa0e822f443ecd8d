import type { Knex } from 'knex';
import {
  ADDRESS_WIRE_TO_FIELD,
  can,
  addressFromWire,
  addressToWire,
  distanceKm,
  isInsideZone,
  TEXT,
  type AddressAdminUpdateInput,
  type AddressFields,
  type AddressCreateInput,
  type SavedAddressWire,
} from '@kade/shared';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { AppError, notFound } from '../../http/errors';
import type { AuthUser } from '../../http/route';

/**
 * Delivery addresses. The wire keeps the spec's field names with the customer form's meanings (see
 * @kade/shared address.ts): address_line = address name, city = address text, state = landmark,
 * pincode = contact mobile, mobile = place type, country = location text. The table stores them under
 * names that say what they hold.
 */
interface AddressRow extends AddressFields {
  id: string;
  user_id: string;
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  distance_km: number | null;
  status: boolean;
  created_at: Date;
  updated_at: Date;
}

/** A saved address as every address call answers it (shared/src/address.ts). */
export type AddressOut = SavedAddressWire;

function toWire(row: AddressRow, owner?: { name: string; email: string; mobile: string }): AddressOut {
  return {
    _id: row.id,
    userId: owner ? { _id: row.user_id, ...owner } : row.user_id,
    ...addressToWire(row),
    latitude: row.latitude,
    longitude: row.longitude,
    accuracy: row.accuracy,
    distanceKm: row.distance_km === null ? null : Math.round(row.distance_km * 1000) / 1000,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function createAddressService({ db, config, clock }: { db: Knex; config: Config; clock: Clock }) {
  /** The distance from the store, refusing a position outside the delivery radius. */
  function checkZone(position: { latitude: number; longitude: number }): number {
    const point = { lat: position.latitude, lng: position.longitude };
    if (!isInsideZone(point, config.zone.centre, config.zone.radiusKm)) {
      throw new AppError('OUTSIDE_ZONE', TEXT.outsideDeliveryArea, { field: 'latitude' });
    }
    return distanceKm(point, config.zone.centre);
  }

  /** An address the caller may touch: their own, or any with addresses.manage. Another's answers 404, as if absent. */
  async function findFor(caller: AuthUser, id: string): Promise<AddressRow> {
    const row = await db('addresses').where({ id }).first<AddressRow>();
    if (!row || (!can(caller.role, 'addresses.manage') && row.user_id !== caller.id)) throw notFound('There is no such address.', 'ADDRESS_NOT_FOUND');
    return row;
  }

  return {
    checkZone,
    findFor,

    async create(userId: string, input: AddressCreateInput): Promise<AddressOut> {
      const distance = checkZone(input);
      const [row] = await db('addresses')
        .insert({
          user_id: userId,
          ...addressFromWire(input),
          latitude: input.latitude,
          longitude: input.longitude,
          accuracy: input.accuracy ?? null,
          distance_km: distance,
        })
        .returning('*');
      return toWire(row as AddressRow);
    },

    /** The caller's active addresses, newest first. */
    async listOwn(userId: string): Promise<AddressOut[]> {
      const rows = await db('addresses').where({ user_id: userId, status: true }).orderBy('created_at', 'desc').select<AddressRow[]>('*');
      return rows.map((r) => toWire(r));
    },

    /** Admin: every address with its user's name, e-mail and mobile. */
    async listAll(): Promise<AddressOut[]> {
      const rows = await db('addresses as a')
        .join('users as u', 'u.id', 'a.user_id')
        .orderBy('a.created_at', 'desc')
        .select<Array<AddressRow & { owner_name: string; owner_email: string; owner_mobile: string }>>('a.*', 'u.name as owner_name', 'u.email as owner_email', 'u.mobile as owner_mobile');
      return rows.map((r) => toWire(r, { name: r.owner_name, email: r.owner_email, mobile: r.owner_mobile }));
    },

    /** The owner or an admin edits; a new position is checked against the zone again. */
    async update(caller: AuthUser, input: AddressAdminUpdateInput): Promise<AddressOut> {
      const row = await findFor(caller, input._id);
      const changes: Record<string, unknown> = { updated_at: clock.now() };
      for (const wireField of Object.keys(ADDRESS_WIRE_TO_FIELD) as Array<keyof typeof ADDRESS_WIRE_TO_FIELD>) {
        const value = input[wireField];
        if (value !== undefined) changes[ADDRESS_WIRE_TO_FIELD[wireField]] = value;
      }
      if (input.latitude !== undefined && input.longitude !== undefined) {
        changes.distance_km = checkZone({ latitude: input.latitude, longitude: input.longitude });
        changes.latitude = input.latitude;
        changes.longitude = input.longitude;
        changes.accuracy = input.accuracy ?? null;
      }
      const [updated] = await db('addresses').where({ id: row.id }).update(changes).returning('*');
      return toWire(updated as AddressRow);
    },

    /** Removal disables: hidden from the customer's lists; past orders keep their snapshot. */
    async disable(caller: AuthUser, id: string): Promise<AddressOut> {
      const row = await findFor(caller, id);
      const [updated] = await db('addresses').where({ id: row.id }).update({ status: false, updated_at: clock.now() }).returning('*');
      return toWire(updated as AddressRow);
    },
  };
}

export type AddressService = ReturnType<typeof createAddressService>;
