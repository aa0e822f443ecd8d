import { addressUpdateSchema, can, ENDPOINTS, TEXT } from '@kade/shared';
import { parseWith, route, type RouteSpec } from '../../http/route';
import type { AddressService } from './service';

/** The calls of SPEC.md section 7 under /api/address. */
export function addressRoutes({ addresses }: { addresses: AddressService }): RouteSpec[] {
  return [
    route(ENDPOINTS.addresses.create, async ({ user, body }) => ({ data: await addresses.create(user!.id, body), message: 'Address saved.', status: 201 })),
    route(ENDPOINTS.addresses.listOwn, async ({ user }) => ({ data: await addresses.listOwn(user!.id) })),
    route(ENDPOINTS.addresses.listAll, async () => ({ data: await addresses.listAll() })),
    // Admins edit with the plain editor (every field optional but well-formed); customers with their form's rules.
    route(ENDPOINTS.addresses.update, async ({ ctx, user, body }) => {
      const input = can(user!.role, 'addresses.manage') ? body : parseWith(addressUpdateSchema, (ctx.request as { body?: unknown }).body, 'body');
      return { data: await addresses.update(user!, input), message: TEXT.addressUpdated };
    }),
    route(ENDPOINTS.addresses.disable, async ({ user, body }) => ({ data: await addresses.disable(user!, body._id), message: TEXT.addressRemoved })),
  ];
}
