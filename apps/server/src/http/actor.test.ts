import { describe, expect, it } from 'vitest';
import { networkOf } from './actor.ts';

describe('networkOf', () => {
  it('keeps an IPv4 address and unwraps IPv4-mapped IPv6', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.7');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts an IPv6 host by its /64, however the address is written', () => {
    expect(networkOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
    expect(networkOf('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('passes through anything that is not an address', () => {
    expect(networkOf('unknown')).toBe('unknown');
  });
});
