import { describe, expect, it } from 'vitest';
import { addressBucket, canonicalAddress, clientAddressOf } from './client-ip.ts';

describe('canonicalAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(canonicalAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(canonicalAddress(' 203.0.113.9 ')).toBe('203.0.113.9');
  });

  it('writes an IPv6 address one way only: lower case, no leading zeros, the longest run of zeros as ::', () => {
    expect(canonicalAddress('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(canonicalAddress('2001:0db8:0000:0001:0000:0000:0000:0001')).toBe('2001:db8:0:1::1');
    expect(canonicalAddress('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(canonicalAddress('2001:db8:1:2:3:4:5:0')).toBe('2001:db8:1:2:3:4:5:0');
    expect(canonicalAddress('::1')).toBe('::1');
    expect(canonicalAddress('::')).toBe('::');
    expect(canonicalAddress('fe80::1%eth0')).toBe('fe80::1');
  });

  it('reads an IPv4-mapped IPv6 address (a dual-stack socket) as the IPv4 address', () => {
    expect(canonicalAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(canonicalAddress('::FFFF:c633:6407')).toBe('198.51.100.7');
    expect(canonicalAddress('0:0:0:0:0:ffff:198.51.100.7')).toBe('198.51.100.7');
  });

  it('drops the port or brackets a proxy may write around an address', () => {
    expect(canonicalAddress('203.0.113.9:51234')).toBe('203.0.113.9');
    expect(canonicalAddress('[2001:db8::1]')).toBe('2001:db8::1');
    expect(canonicalAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
  });

  it('answers undefined for anything that is not an address', () => {
    for (const text of [
      '',
      'unknown',
      '_hidden',
      'evil.example',
      '203.0.113',
      '203.0.113.256',
      '203.000.113.9',
      '203.0.113.9:',
      '203.0.113.9:123456',
      '2001:db8::1::2',
      '2001:db8::g',
      '[203.0.113.9]',
      '[2001:db8::1',
      '1.2.3.4, 5.6.7.8',
      `1.2.3.4${'0'.repeat(1000)}`,
    ]) {
      expect(canonicalAddress(text), JSON.stringify(text)).toBeUndefined();
    }
  });
});

describe('addressBucket', () => {
  it('counts an IPv4 address on its own', () => {
    expect(addressBucket('203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address by its /64 network, which one household or office is given whole', () => {
    expect(addressBucket('2001:db8:1:2::a')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:db8:1:3::a')).toBe('2001:db8:1:3::/64');
    expect(addressBucket('2001:db8::1')).toBe('2001:db8::/64');
    expect(addressBucket('::1')).toBe('::/64');
  });
});

describe('clientAddressOf', () => {
  const socket = '::ffff:192.0.2.10';

  it('is the socket address when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf({ socket, forwardedFor: '203.0.113.9', trustedProxies: 0 })).toBe('192.0.2.10');
    expect(clientAddressOf({ socket: 'not an address', trustedProxies: 0 })).toBeUndefined();
    expect(clientAddressOf({ trustedProxies: 0 })).toBeUndefined();
  });

  it('is the entry the outermost trusted proxy wrote: TRUST_PROXY places from the end', () => {
    expect(clientAddressOf({ socket, forwardedFor: '203.0.113.9', trustedProxies: 1 })).toBe('203.0.113.9');
    expect(clientAddressOf({ socket, forwardedFor: '10.0.0.1, 203.0.113.9', trustedProxies: 1 })).toBe('203.0.113.9');
    expect(clientAddressOf({ socket, forwardedFor: '10.0.0.1, 203.0.113.9, 198.51.100.2', trustedProxies: 2 })).toBe(
      '203.0.113.9',
    );
    expect(clientAddressOf({ socket, forwardedFor: '[2001:DB8::1]:443', trustedProxies: 1 })).toBe('2001:db8::1');
  });

  it('is the socket address when X-Forwarded-For has fewer entries than TRUST_PROXY: never the client’s own', () => {
    expect(clientAddressOf({ socket, trustedProxies: 1 })).toBe('192.0.2.10');
    expect(clientAddressOf({ socket, forwardedFor: '', trustedProxies: 1 })).toBe('192.0.2.10');
    expect(clientAddressOf({ socket, forwardedFor: '203.0.113.9', trustedProxies: 2 })).toBe('192.0.2.10');
    expect(clientAddressOf({ socket, forwardedFor: '203.0.113.9, , ', trustedProxies: 2 })).toBe('192.0.2.10');
  });

  it('ignores an entry that is not an address: the socket address is used instead', () => {
    expect(clientAddressOf({ socket, forwardedFor: 'unknown', trustedProxies: 1 })).toBe('192.0.2.10');
    expect(clientAddressOf({ socket, forwardedFor: 'evil-1', trustedProxies: 1 })).toBe('192.0.2.10');
    expect(clientAddressOf({ socket, forwardedFor: '203.0.113.9, garbage', trustedProxies: 1 })).toBe('192.0.2.10');
    // Garbage further left is the client's own word and changes nothing.
    expect(clientAddressOf({ socket, forwardedFor: 'garbage, 203.0.113.9', trustedProxies: 1 })).toBe('203.0.113.9');
  });
});
