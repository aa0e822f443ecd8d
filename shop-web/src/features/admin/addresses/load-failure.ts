// What 'All User Addresses' says when its list does not come (SPEC.md section 8): 'Failed to fetch addresses' when
// the server answers but not successfully; when no answer comes, the error's own message, or 'Something went wrong'
// when it has none.
import { TEXT } from '@kade/shared';
import { ApiError } from '../../../lib/api-client';

export function addressesLoadFailure(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? error.message : TEXT.fetchAddressesFailed;
  return error instanceof Error && error.message !== '' ? error.message : TEXT.somethingWentWrong;
}
