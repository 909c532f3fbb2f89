import { describe, expect, it } from 'vitest';
import { specialUseOf } from './special-addresses.ts';

describe('specialUseOf', () => {
  it('names every IPv4 special-use block, at both its ends', () => {
    const cases: [string, string][] = [
      ['0.0.0.0', 'this-network'],
      ['0.255.255.255', 'this-network'],
      ['10.0.0.0', 'private'],
      ['10.255.255.255', 'private'],
      ['100.64.0.0', 'shared (CGNAT)'],
      ['100.127.255.255', 'shared (CGNAT)'],
      ['127.0.0.1', 'loopback'],
      ['127.255.255.254', 'loopback'],
      ['169.254.0.0', 'link-local'],
      ['169.254.169.254', 'link-local'],
      ['169.254.255.255', 'link-local'],
      ['172.16.0.0', 'private'],
      ['172.31.255.255', 'private'],
      ['192.0.0.8', 'ietf-protocol'],
      ['192.0.2.1', 'documentation'],
      ['192.88.99.1', 'reserved'],
      ['192.168.0.1', 'private'],
      ['192.168.255.255', 'private'],
      ['198.18.0.1', 'benchmarking'],
      ['198.19.255.255', 'benchmarking'],
      ['198.51.100.7', 'documentation'],
      ['203.0.113.9', 'documentation'],
      ['224.0.0.1', 'multicast'],
      ['239.255.255.255', 'multicast'],
      ['240.0.0.1', 'reserved'],
      ['255.255.255.255', 'reserved'],
    ];
    for (const [address, use] of cases) expect([address, specialUseOf(address)]).toEqual([address, use]);
  });

  it('lets public IPv4 addresses through, right next to the blocks', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '169.255.0.0',
      '172.15.255.255',
      '172.32.0.0',
      '192.167.255.255',
      '192.169.0.0',
      '198.17.255.255',
      '198.20.0.0',
      '207.241.224.2',
      '223.255.255.255',
    ]) {
      expect([address, specialUseOf(address)]).toEqual([address, null]);
    }
  });

  it('names the IPv6 special-use blocks', () => {
    const cases: [string, string][] = [
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['0:0:0:0:0:0:0:1', 'loopback'],
      ['[::1]', 'loopback'],
      ['::2', 'reserved'],
      ['::127.0.0.1', 'reserved'],
      ['100::1', 'reserved'],
      ['fc00::1', 'unique-local'],
      ['fd12:3456:789a::1', 'unique-local'],
      ['fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', 'unique-local'],
      ['fe80::1', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['febf:ffff::1', 'link-local'],
      ['fec0::1', 'site-local'],
      ['ff02::1', 'multicast'],
      ['2001::1', 'ietf-protocol'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'ietf-protocol'],
      ['2001:db8::1', 'documentation'],
      ['3fff::1', 'documentation'],
      ['2002:7f00:1::1', 'reserved'],
      ['64:ff9b:1::1', 'private'],
      ['4000::1', 'reserved'],
    ];
    for (const [address, use] of cases) expect([address, specialUseOf(address)]).toEqual([address, use]);
  });

  it('reads an IPv4-mapped or NAT64 address as the IPv4 address inside it, however it is written', () => {
    const cases: [string, string | null][] = [
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['0:0:0:0:0:ffff:7f00:0001', 'loopback'],
      ['[::ffff:127.0.0.1]', 'loopback'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['::ffff:a9fe:a9fe', 'link-local'],
      ['::ffff:10.1.2.3', 'private'],
      ['::ffff:c0a8:101', 'private'],
      ['::ffff:0.0.0.0', 'this-network'],
      ['::ffff:100.64.0.1', 'shared (CGNAT)'],
      ['::ffff:8.8.8.8', null],
      ['64:ff9b::127.0.0.1', 'loopback'],
      ['64:ff9b::a9fe:a9fe', 'link-local'],
      ['64:ff9b::8.8.8.8', null],
    ];
    for (const [address, use] of cases) expect([address, specialUseOf(address)]).toEqual([address, use]);
  });

  it('lets public IPv6 addresses through', () => {
    for (const address of ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a03:2880::1', '2620:0:2d0:200::7']) {
      expect([address, specialUseOf(address)]).toEqual([address, null]);
    }
  });

  it('refuses what is not an address, rather than guess', () => {
    for (const text of ['', 'localhost', '127.1', '0x7f.0.0.1', '2130706433', '::ffff:999.0.0.1', '1.2.3']) {
      expect([text, specialUseOf(text)]).toEqual([text, 'not an IP address']);
    }
  });
});
