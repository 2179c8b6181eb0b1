/**
 * Values loaded from the database and kept until the change feed (change-feed.ts) says their rows changed. A load
 * that a change overtook is returned to its caller but not kept: it may have read the rows before the change.
 */
export class CachedMap<K, V> {
  private readonly values = new Map<K, V>();
  private generation = 0;
  private clearedAt = 0;
  private readonly droppedAt = new Map<K, number>();

  /** `capacity`: beyond this many values the map starts afresh (a bound on memory, not an eviction policy). */
  constructor(private readonly capacity: number) {}

  async get(key: K, load: (key: K) => Promise<V>): Promise<V> {
    const hit = this.values.get(key);
    if (hit !== undefined) return hit;
    const started = this.generation;
    const value = await load(key);
    if (started >= this.clearedAt && (this.droppedAt.get(key) ?? 0) <= started) {
      if (this.values.size >= this.capacity) this.values.clear();
      this.values.set(key, value);
    }
    return value;
  }

  delete(keys: Iterable<K>): void {
    if (this.droppedAt.size >= this.capacity) return this.clear();
    this.generation++;
    for (const key of keys) {
      this.values.delete(key);
      this.droppedAt.set(key, this.generation);
    }
  }

  clear(): void {
    this.clearedAt = ++this.generation;
    this.values.clear();
    this.droppedAt.clear();
  }
}
