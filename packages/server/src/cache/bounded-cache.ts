/**
 * A small least-recently-used map with a size cap and an optional time to live: what the hot
 * path's caches (prepared statements, API keys, validated plans) share. A Map keeps insertion
 * order, so re-inserting on a hit makes the first key the least recently used one.
 */
export interface BoundedCacheOptions {
  /** Most entries; the least recently used one goes first. */
  max: number;
  /** Milliseconds an entry may be served after it was stored; undefined: until evicted. */
  ttlMs?: number;
  /** The clock (tests pass their own). */
  now?: () => number;
  /** Called with a value as it leaves the cache (evicted, expired, deleted or cleared). */
  onEvict?: (value: unknown) => void;
}

interface Entry<V> {
  value: V;
  expires: number;
}

export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly now: () => number;

  constructor(private readonly options: BoundedCacheOptions) {
    if (!Number.isSafeInteger(options.max) || options.max < 1)
      throw new Error('a BoundedCache needs a max of at least 1');
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    this.entries.set(key, {
      value,
      expires: this.options.ttlMs === undefined ? Infinity : this.now() + this.options.ttlMs,
    });
    while (this.entries.size > this.options.max) this.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.options.onEvict?.(entry.value);
  }

  /** Deletes every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of [...this.entries]) if (matches(entry.value)) this.delete(key);
  }

  clear(): void {
    for (const key of [...this.entries.keys()]) this.delete(key);
  }
}
