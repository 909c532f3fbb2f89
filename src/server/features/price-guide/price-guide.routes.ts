import { api } from '#server/http/api-tags.ts';
import { jsonContent } from '#server/http/openapi.ts';
import { priceGuideMinimum, priceGuideQuerySchema, priceGuideSchema } from '#shared/schemas/price-guide.ts';

export const priceGuide = api.Books.get('/price-guide', {
  access: ['Seller'],
  operationId: 'getPriceGuide',
  summary: 'What copies of a book sold for and are listed at (sellers)',
  description:
    'For the add-a-book form: the sold copies (their resale price) and the copies on sale now (Available, not ' +
    'hidden) with this `isbn` (ISBN-10 or ISBN-13); without one, or when no copy has it, those with this `title` ' +
    'and `author`, case and accents ignored. Removed, booked and hidden books are not counted. Each group has its ' +
    `count, median, lowest and highest price in major units. Under ${priceGuideMinimum} copies in all, \`enough\` ` +
    'is false and both groups are null. 400 without an ISBN or a title and author, or with an invalid ISBN.',
  request: { query: priceGuideQuerySchema },
  responses: { 200: jsonContent(priceGuideSchema, 'The guidance, or enough: false') },
});
