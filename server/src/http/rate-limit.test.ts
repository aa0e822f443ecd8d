import { describe, expect, it } from 'vitest';
import { rateLimitAddress } from './rate-limit';

describe('the address a per-address limit counts', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:cb00:7109', '203.0.113.9'],
    ['0:0:0:0:0:ffff:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['2001:db8:0:0:8000::', '2001:db8:0:0::/64'],
    ['[2001:db8:1:2::9]', '2001:db8:1:2::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
    ['not an address', 'not an address'],
    ['', ''],
  ])('%s counts as %s', (ip, key) => {
    expect(rateLimitAddress(ip)).toBe(key);
  });

  it('puts two addresses of one /64 together and those of the next /64 apart', () => {
    expect(rateLimitAddress('2001:db8:aa:bb::1')).toBe(rateLimitAddress('2001:db8:aa:bb:ffff:1:2:3'));
    expect(rateLimitAddress('2001:db8:aa:bb::1')).not.toBe(rateLimitAddress('2001:db8:aa:bc::1'));
  });
});
