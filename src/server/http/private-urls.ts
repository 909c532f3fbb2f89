/** Where a signed-in caller's read of one URL was kept: its key in the private answers, and the route's pattern. */
export interface PrivateUrl {
  key: string;
  route: string;
}

/**
 * Which kept answer each caller's URL (path and query as the app saw them) was given, so that the fast path can
 * send it again without routing and validating: the app has already checked that this caller may read it, and
 * the answer itself is only sent while its versions stand. Bounded; the oldest go first.
 */
export function createPrivateUrls(maxEntries = 10_000) {
  const urls = new Map<string, PrivateUrl>();
  return {
    remember(userId: string, url: string, found: PrivateUrl) {
      const name = `${userId}\n${url}`;
      if (urls.get(name)?.key === found.key) return;
      urls.delete(name);
      if (urls.size >= maxEntries) urls.delete(urls.keys().next().value!);
      urls.set(name, found);
    },
    find: (userId: string, url: string): PrivateUrl | undefined => urls.get(`${userId}\n${url}`),
  };
}

export type PrivateUrls = ReturnType<typeof createPrivateUrls>;
