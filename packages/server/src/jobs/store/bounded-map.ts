/**
 * `items.map(fn)` with at most `limit` calls in flight: a job may have tens of thousands of parts,
 * and a stat or a request per part must neither run one at a time (slow on a network mount or
 * S3) nor all at once (file handles, sockets). Results keep the items' order; the first failure
 * rejects (calls already started are let finish, none is started after).
 */
export async function boundedMap<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  return results;
}
