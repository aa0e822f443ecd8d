import { describe, expect, it } from 'vitest';
import { can, isRole, PERMISSION_NAMES, ROLE_PERMISSIONS, ROLES, roleTag } from './permissions';

describe('the role table', () => {
  it.each([
    ['USER', []],
    ['STAFF', ['orders.view', 'orders.update', 'orders.take', 'counters.use', 'reports.view', 'store.pause', 'orders.assign', 'cash.manage']],
    ['ADMIN', PERMISSION_NAMES.filter((p) => p !== 'deliveries.carry')],
    ['RIDER', ['deliveries.carry']],
  ] as const)('%s may do exactly %j', (role, permissions) => {
    expect(PERMISSION_NAMES.filter((p) => can(role, p))).toEqual([...permissions]);
  });

  it('never lets a counter clerk touch the catalogue, accounts or other people\'s addresses', () => {
    for (const permission of ['catalogue.manage', 'users.manage', 'addresses.manage', 'store.manage'] as const) expect(can('STAFF', permission)).toBe(false);
  });

  it('gives an unknown or missing role nothing', () => {
    for (const role of ['rider', 'admin', '', undefined, null, '__proto__', 'constructor']) {
      for (const permission of PERMISSION_NAMES) expect(can(role, permission)).toBe(false);
    }
  });

  it('names only real permissions, and every role has a row', () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSION_NAMES).toContain(p);
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('Rider')).toBe(false);
  });

  it('tags staff, riders and admins after their name, and nobody else', () => {
    expect([roleTag('ADMIN'), roleTag('STAFF'), roleTag('RIDER'), roleTag('USER'), roleTag(undefined)]).toEqual([
      '(Admin)',
      '(Staff)',
      '(Rider)',
      null,
      null,
    ]);
  });

  it('lets a rider carry deliveries and nothing else, and nobody else carry them', () => {
    for (const role of ['USER', 'STAFF', 'ADMIN'] as const) expect(can(role, 'deliveries.carry')).toBe(false);
    for (const permission of PERMISSION_NAMES) expect(can('RIDER', permission)).toBe(permission === 'deliveries.carry');
  });
});
