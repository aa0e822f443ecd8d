/**
 * OWASP's recommended scrypt cost, as log2 N: N = 2^17, r = 8, p = 1 (128 MiB of memory per hash). The config
 * refuses a lower PASSWORD_COST outside tests; the users module hashes with it (modules/users/password.ts).
 */
export const PASSWORD_COST = 17;
