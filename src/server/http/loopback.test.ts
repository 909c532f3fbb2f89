import { describe, expect, it } from 'vitest';
import { isLoopbackAddress } from './loopback.ts';

describe('isLoopbackAddress', () => {
  it.each(['127.0.0.1', '127.1.2.3', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', 'localhost'])(
    '%s is loopback',
    (address) => {
      expect(isLoopbackAddress(address)).toBe(true);
    },
  );

  it.each([
    '192.0.2.2',
    '10.0.0.1',
    '::ffff:192.0.2.2',
    'fd00::2',
    '0.0.0.0',
    '::',
    '128.0.0.1',
    '127.0.0.1.example.com',
    'example.com',
    '',
    undefined,
  ])('%s is not', (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
});
