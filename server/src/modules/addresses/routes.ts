import { addressAdminUpdateSchema, addressCreateSchema, addressDisableSchema, addressUpdateSchema, can, TEXT } from '@kade/shared';
import { parseWith, route, type RouteSpec } from '../../http/route';
import type { AddressService } from './service';

/** The calls of SPEC.md section 7 under /api/address. */
export function addressRoutes({ addresses }: { addresses: AddressService }): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/api/address/create',
      access: 'user',
      body: addressCreateSchema,
      handler: async ({ user, body }) => ({ data: await addresses.create(user!.id, body), message: 'Address saved.', status: 201 }),
    }),
    route({
      method: 'get',
      path: '/api/address/get',
      access: 'user',
      handler: async ({ user }) => ({ data: await addresses.listOwn(user!.id) }),
    }),
    route({
      method: 'get',
      path: '/api/address/admin/all',
      access: 'addresses.manage',
      handler: async () => ({ data: await addresses.listAll() }),
    }),
    route({
      method: 'put',
      path: '/api/address/update',
      access: 'user',
      // Admins edit with the plain editor (every field optional but well-formed); customers with their form's rules.
      body: addressAdminUpdateSchema,
      handler: async ({ ctx, user, body }) => {
        const input = can(user!.role, 'addresses.manage') ? body : parseWith(addressUpdateSchema, (ctx.request as { body?: unknown }).body, 'body');
        return { data: await addresses.update(user!, input), message: TEXT.addressUpdated };
      },
    }),
    route({
      method: 'delete',
      path: '/api/address/disable',
      access: 'user',
      body: addressDisableSchema,
      handler: async ({ user, body }) => ({ data: await addresses.disable(user!, body._id), message: TEXT.addressRemoved }),
    }),
  ];
}
