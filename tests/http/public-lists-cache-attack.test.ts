import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { createCategory } from '../support/factories.ts';
import { createTestApp } from '../support/test-app.ts';

const t = await createTestApp({ CACHE_MAX_STALENESS_MS: '60000' });
afterAll(() => t.close());

// The collector, exposed to this worker, so the heap is measured without its garbage.
v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

describe('the public list cache under a flood of distinct URLs', () => {
  it('keeps nothing for categories that do not exist, and the heap stays bounded', { timeout: 180_000 }, async () => {
    const known = await createCategory(t.db);
    const before = heapMb();
    const batch = 200;
    for (let start = 0; start < 10_000; start += batch) {
      const answers = await Promise.all(
        Array.from({ length: batch }, (_, i) =>
          t.api.books[':categoryName'].$get({
            param: { categoryName: `no-such-category-${start + i}` },
            query: { page: '1' },
          }),
        ),
      );
      for (const res of answers) {
        expect(res.status).toBe(200);
        expect(await res.text()).toBe('[]');
      }
    }
    expect(t.deps.publicLists.size().entries).toBe(0);
    // A real category's pages are kept, each of them, up to the entry cap.
    for (let page = 1; page <= 50; page++) {
      await t.api.books[':categoryName'].$get({
        param: { categoryName: encodeURIComponent(known.name) },
        query: { page: String(page) },
      });
    }
    expect(t.deps.publicLists.size().entries).toBe(50);
    // Kept, 10,000 empty answers cost about 3.4 KB each (34 MB); nothing else may grow with the names.
    const grown = heapMb() - before;
    console.log(`heap after 10,000 unknown categories: ${grown.toFixed(1)} MB more`);
    expect(grown).toBeLessThan(10);
  });
});
