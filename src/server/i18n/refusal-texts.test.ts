import { describe, expect, it } from 'vitest';
import { refusalIn } from './refusal-texts.ts';

describe('refusalIn', () => {
  it('leaves English as it is', () => {
    expect(refusalIn('en', 'Please sign in first')).toBe('Please sign in first');
  });

  it('translates a text the catalogue has, and keeps what it does not know in English', () => {
    expect(refusalIn('es', 'Please sign in first')).toBe('Inicia sesión primero');
    expect(refusalIn('es', 'Something no catalogue says')).toBe('Something no catalogue says');
  });

  it('carries a value over, and a number chooses the plural form of the other language', () => {
    expect(refusalIn('de', 'Use at most 80 characters')).toContain('80');
    const one = refusalIn('ar', 'You can hold at most 1 unpaid booking at once; pay for or cancel one first');
    const three = refusalIn('ar', 'You can hold at most 3 unpaid bookings at once; pay for or cancel one first');
    expect(one).not.toBe(three);
    expect(three).toContain('3');
    expect(refusalIn('es', 'Only Seller or Admin accounts can do this')).toContain('Seller or Admin');
  });
});
