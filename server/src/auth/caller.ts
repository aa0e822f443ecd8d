import type { Role } from '@kade/shared';

/** Who is calling: an account, its role as the database says now, and the login (refresh-token family) it came from. */
export interface AuthUser {
  id: string;
  role: Role;
  /** The refresh-token family of this login. */
  sessionId: string;
}
