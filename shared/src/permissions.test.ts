import { describe, expect, it } from 'vitest';
import { can, isRole, PERMISSION_NAMES, ROLE_PERMISSIONS, ROLES, roleTag } from './permissions';

describe('the role table', () => {
  it.each([
    ['USER', []],
    ['STAFF', ['orders.view', 'orders.update', 'orders.take', 'counters.use', 'reports.view', 'store.pause']],
    ['ADMIN', PERMISSION_NAMES],
  ] as const)('%s may do exactly %j', (role, permissions) => {
    expect(PERMISSION_NAMES.filter((p) => can(role, p))).toEqual([...permissions]);
  });

  it('never lets a counter clerk touch the catalogue, accounts or other people\'s addresses', () => {
    for (const permission of ['catalogue.manage', 'users.manage', 'addresses.manage', 'store.manage'] as const) expect(can('STAFF', permission)).toBe(false);
  });

  it('gives an unknown or missing role nothing', () => {
    for (const role of ['RIDER', 'admin', '', undefined, null, '__proto__', 'constructor']) {
      for (const permission of PERMISSION_NAMES) expect(can(role, permission)).toBe(false);
    }
  });

  it('names only real permissions, and every role has a row', () => {
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSION_NAMES).toContain(p);
    expect(ROLES.every(isRole)).toBe(true);
    expect(isRole('RIDER')).toBe(false);
  });

  it('tags staff and admins after their name, and nobody else', () => {
    expect([roleTag('ADMIN'), roleTag('STAFF'), roleTag('USER'), roleTag(undefined)]).toEqual(['(Admin)', '(Staff)', null, null]);
  });
});
