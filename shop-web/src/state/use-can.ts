import { useAtomValue } from 'jotai';
import { can, type Permission } from '@kade/shared';
import { userAtom } from './atoms';

/** True when the signed-in user's role has the permission (the same shared table the server enforces). */
export function useCan(permission: Permission): boolean {
  return can(useAtomValue(userAtom)?.role, permission);
}
