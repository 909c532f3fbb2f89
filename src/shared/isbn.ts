/**
 * ISBNs as sellers type them: ISBN-10 or ISBN-13, with or without hyphens and spaces, checked by their check
 * digit. Stored and answered as the 13 digits of the ISBN-13 (an ISBN-10 gets the 978 prefix and a new check
 * digit). Pure functions: the add-a-book form and the server share them.
 */

/** The characters an ISBN may carry besides its digits. */
const separators = /[\s-]/g;

function isbn10CheckDigit(first9: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += (10 - i) * Number(first9[i]);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? 'X' : String(check);
}

function isbn13CheckDigit(first12: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += (i % 2 === 0 ? 1 : 3) * Number(first12[i]);
  return String((10 - (sum % 10)) % 10);
}

/** The ISBN-13 (13 digits) that `text` is, or null when it is not a valid ISBN-10 or ISBN-13. */
export function toIsbn13(text: string): string | null {
  const compact = text.replace(separators, '').toUpperCase();
  if (/^\d{9}[\dX]$/.test(compact)) {
    if (isbn10CheckDigit(compact.slice(0, 9)) !== compact[9]) return null;
    const first12 = `978${compact.slice(0, 9)}`;
    return first12 + isbn13CheckDigit(first12);
  }
  if (/^97[89]\d{10}$/.test(compact)) {
    return isbn13CheckDigit(compact.slice(0, 12)) === compact[12] ? compact : null;
  }
  return null;
}

/** Whether `text` looks like an attempt at an ISBN (10 or 13 digits with separators), valid or not. */
export function looksLikeIsbn(text: string): boolean {
  return /^[\d\s-]{9,17}[\dXx]$/.test(text.trim()) && /^(\d{9}[\dX]|\d{13})$/i.test(text.replace(separators, ''));
}
