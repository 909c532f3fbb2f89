import { describe, expect, it } from 'vitest';
import { inLocale } from '#shared/i18n/text-source.ts';
import { orderName } from './order-name.ts';

const line = (bookName: string) => ({ bookId: crypto.randomUUID(), bookName, price: 5, charged: 5 });
const bundle = { books: [line('Ariel'), line('The Colossus'), line('Crossing the Water')], subtotal: 15, discount: 0 };
// What a bundle's booking keeps as its name: written in the language it was booked in.
const booked = { bookName: '3 books: Ariel, The Colossus, Crossing the Water', bundle };

describe("an order's name", () => {
  it("is a bundle's books in the language of the moment, whatever language the booking was made in", () => {
    expect(orderName(booked)).toBe('3 books: Ariel, The Colossus, Crossing the Water');
    expect(inLocale('es', () => orderName(booked))).toBe('3 libros: Ariel, The Colossus, Crossing the Water');
    expect(inLocale('de', () => orderName(booked))).toBe('3 Bücher: Ariel, The Colossus, Crossing the Water');
  });

  it("is its book's own name for an order of one book", () => {
    expect(inLocale('es', () => orderName({ bookName: 'Ariel', bundle: null }))).toBe('Ariel');
  });

  it('stays short for a bundle of many long names', () => {
    expect(
      orderName({ bookName: '', bundle: { ...bundle, books: Array.from({ length: 40 }, () => line('x'.repeat(40))) } }),
    ).toHaveLength(200);
  });
});
