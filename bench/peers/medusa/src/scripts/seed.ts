import { readFileSync } from 'node:fs';
import type { ExecArgs } from '@medusajs/framework/types';
import { ContainerRegistrationKeys, ProductStatus } from '@medusajs/framework/utils';
import {
  createApiKeysWorkflow,
  createProductCategoriesWorkflow,
  createProductsWorkflow,
  createRegionsWorkflow,
  createSalesChannelsWorkflow,
  createShippingProfilesWorkflow,
  linkSalesChannelsToApiKeyWorkflow,
  updateStoresWorkflow,
} from '@medusajs/medusa/core-flows';

/** One of the Big Bookshelf's books, as `bench/peers/run.ts` read it from the bench's database. */
interface Book {
  title: string;
  description: string;
  category: string;
  condition: string;
  price: number;
  thumbnail: string;
}

/** Products per createProductsWorkflow run: one run per book would spend most of the time in the workflow engine. */
const batchSize = 250;
/** Batches created at once: a batch waits on the database most of its time. */
const concurrentBatches = 4;

/**
 * The bench's catalogue as a Medusa shop: a sales channel and the publishable key that reads it, a region in
 * euros, one category per Big Bookshelf category, and one published product per book (one variant, its condition,
 * at its price), created by Medusa's own workflows, as its admin API would.
 * Reads PEER_CATEGORIES (a JSON array of names) and PEER_BOOKS (a file of one JSON book a line).
 */
export default async function seedBookshelf({ container }: ExecArgs): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER);
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const categoryNames = JSON.parse(process.env.PEER_CATEGORIES ?? '[]') as string[];
  const books = readFileSync(process.env.PEER_BOOKS ?? '', 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Book);

  const {
    data: [store],
  } = await query.graph({ entity: 'store', fields: ['id'] });
  const {
    result: [channel],
  } = await createSalesChannelsWorkflow(container).run({
    input: { salesChannelsData: [{ name: 'Bookshelf' }] },
  });
  await updateStoresWorkflow(container).run({
    input: {
      selector: { id: store.id },
      update: {
        supported_currencies: [{ currency_code: 'eur', is_default: true }],
        default_sales_channel_id: channel.id,
      },
    },
  });
  await createRegionsWorkflow(container).run({
    input: { regions: [{ name: 'Europe', currency_code: 'eur', countries: ['de', 'fr', 'it', 'es'] }] },
  });
  const {
    result: [key],
  } = await createApiKeysWorkflow(container).run({
    input: { api_keys: [{ title: 'Bench', type: 'publishable', created_by: '' }] },
  });
  await linkSalesChannelsToApiKeyWorkflow(container).run({ input: { id: key.id, add: [channel.id] } });
  const {
    result: [shippingProfile],
  } = await createShippingProfilesWorkflow(container).run({
    input: { data: [{ name: 'Books', type: 'default' }] },
  });
  const { result: categories } = await createProductCategoriesWorkflow(container).run({
    input: { product_categories: categoryNames.map((name) => ({ name, is_active: true })) },
  });
  const categoryIds = new Map(categories.map((c) => [c.name, c.id]));

  const product = (book: Book, n: number) => ({
    title: book.title,
    handle: `book-${n}`,
    description: book.description,
    thumbnail: book.thumbnail,
    status: ProductStatus.PUBLISHED,
    category_ids: [categoryIds.get(book.category)!],
    sales_channels: [{ id: channel.id }],
    shipping_profile_id: shippingProfile.id,
    options: [{ title: 'Condition', values: [book.condition] }],
    variants: [
      {
        title: book.condition,
        options: { Condition: book.condition },
        manage_inventory: false,
        prices: [{ amount: book.price, currency_code: 'eur' }],
      },
    ],
  });
  const started = Date.now();
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < books.length) {
      const from = next;
      next += batchSize;
      const batch = books.slice(from, from + batchSize);
      await createProductsWorkflow(container).run({
        input: { products: batch.map((book, i) => product(book, from + i + 1)) },
      });
      done += batch.length;
      const seconds = (Date.now() - started) / 1000;
      logger.info(`${done} of ${books.length} products in ${seconds.toFixed(0)} s (${(done / seconds).toFixed(0)}/s)`);
    }
  };
  await Promise.all(Array.from({ length: concurrentBatches }, worker));
}
