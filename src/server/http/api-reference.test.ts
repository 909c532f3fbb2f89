import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { bookDefects, moreFoundHeader, searchReach, searchSorts } from '#shared/constants.ts';
import { priceGuideMinimum } from '#shared/schemas/price-guide.ts';
import { apiDocument } from './api-document.ts';
import { readApiReference } from './api-reference.ts';
import { api } from './api-tags.ts';
import { type AppRouteHandler, createRouter, jsonContent, routesOf } from './openapi.ts';

/** A folder of features' reference files with these contents, as `readApiReference` reads one. */
function pages(files: Record<string, string>) {
  const folder = mkdtempSync(path.join(tmpdir(), 'api-reference-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return pathToFileURL(`${folder}/`);
}

const booksPage = `# Books

The catalogue.

## getThing: One thing

What it is.

- a list item
- another

## listThings: Every thing
`;

/** An app of two Books routes, declared and registered as the features declare theirs. */
const routes = {
  getThing: api.Books.get('/thing', 'anyone', { responses: { 200: jsonContent(z.object({}), 'The thing') } }),
  listThings: api.Books.get('/things', 'signed-in', { responses: { 200: jsonContent(z.array(z.object({})), 'All') } }),
};
const handlers: { [N in keyof typeof routes]: AppRouteHandler<(typeof routes)[N]> } = {
  getThing: (c) => c.json({}, 200),
  listThings: (c) => c.json([], 200),
};
const app = createRouter().openapiRoutes(routesOf(routes, handlers));

describe('the API reference', () => {
  it('gives each part its paragraph and each operation its summary and Markdown description', () => {
    const [books] = readApiReference(pages({ 'books.reference.md': booksPage }));
    expect(books!.name).toBe('Books');
    expect(books!.description).toBe('The catalogue.');
    expect(books!.operations.get('getThing')).toEqual({
      summary: 'One thing',
      description: 'What it is.\n\n- a list item\n- another',
    });
    expect(books!.operations.get('listThings')).toEqual({ summary: 'Every thing' });
  });

  it("gathers a part from every feature's reference, one of which says what the part is", () => {
    const search = '# Books\n\n## searchBooks: Search the books\n';
    const parts = readApiReference(pages({ 'books.reference.md': booksPage, 'search.reference.md': search }));
    expect(parts.map((part) => part.name)).toEqual(['Books']);
    expect(parts[0]!.description).toBe('The catalogue.');
    expect([...parts[0]!.operations.keys()]).toEqual(['getThing', 'listThings', 'searchBooks']);
    expect(() => readApiReference(pages({ 'search.reference.md': search }))).toThrow(
      /No reference says what the part Books is/,
    );
    const described = '# Books\n\nAlso the catalogue.\n';
    expect(() =>
      readApiReference(pages({ 'books.reference.md': booksPage, 'search.reference.md': described })),
    ).toThrow(/search\.reference\.md: the part Books is described elsewhere too/);
  });

  it('names the file and the heading it cannot read', () => {
    expect(() => readApiReference(pages({ 'books.reference.md': 'The catalogue.\n' }))).toThrow(
      /books\.reference\.md: a block starts/,
    );
    expect(() => readApiReference(pages({ 'books.reference.md': '# Books\n\nx\n\n## getThing One thing\n' }))).toThrow(
      /books\.reference\.md: "## getThing One thing" is not "## operationId: summary"/,
    );
    expect(() => readApiReference(pages({ 'books.reference.md': `${booksPage}\n## getThing: Again\n` }))).toThrow(
      /getThing is described twice/,
    );
  });

  it("puts each operation's words, named by its route's export, in the OpenAPI document", () => {
    const document = apiDocument(app, readApiReference(pages({ 'books.reference.md': booksPage })));
    expect(document.tags).toEqual([{ name: 'Books', description: 'The catalogue.' }]);
    expect(document.paths?.['/thing']?.get).toMatchObject({ operationId: 'getThing', summary: 'One thing' });
    expect(document.paths?.['/things']?.get).toMatchObject({ operationId: 'listThings', summary: 'Every thing' });
  });

  it('refuses to build a document with an operation it does not describe, or words for one the API has not', () => {
    const withoutList = booksPage.replace('## listThings: Every thing\n', '');
    expect(() => apiDocument(app, readApiReference(pages({ 'books.reference.md': withoutList })))).toThrow(
      'GET /things (listThings) has no section under "# Books" in its feature\'s reference',
    );
    const withExtra = `${booksPage}\n## removeThing: Remove a thing\n`;
    expect(() => apiDocument(app, readApiReference(pages({ 'books.reference.md': withExtra })))).toThrow(
      'describes what the API has not: Books/removeThing',
    );
    const withOtherPart = { 'books.reference.md': booksPage, 'wanted.reference.md': '# Wanted\n\nThe list.\n' };
    expect(() => apiDocument(app, readApiReference(pages(withOtherPart)))).toThrow('has not: Wanted');
  });

  it("states the limits and choices the code has (a search's reach, its sorts and defects, the price guide's minimum)", () => {
    const books = readApiReference().find((part) => part.name === 'Books')!;
    const search = books.operations.get('searchBooks')!.description!.replace(/\s+/g, ' ');
    expect(search).toContain(`at most its first ${searchReach} books`);
    expect(search).toContain(`(${moreFoundHeader})`);
    expect(search).toContain(`Sorts: ${searchSorts.join(', ')}`);
    expect(search).toContain(`a comma-separated list of ${bookDefects.join(', ')}`);
    const priceGuide = books.operations.get('getPriceGuide')!.description!.replace(/\s+/g, ' ');
    expect(priceGuide).toContain(`Under ${priceGuideMinimum} copies in all`);
  });
});
