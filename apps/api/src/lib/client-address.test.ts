import { describe, expect, it } from 'vitest';
import { addressNetwork } from './client-address';

describe('addressNetwork', () => {
  it('keeps IPv4 addresses and reduces IPv6 ones to their /64', () => {
    expect(addressNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(addressNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressNetwork('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressNetwork('::1')).toBe('0:0:0:0::/64');
    expect(addressNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressNetwork('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
    expect(addressNetwork('not an address')).toBe('not an address');
  });
});
