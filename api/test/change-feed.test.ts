import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { ChangeFeed, type Topic, type TopicChanges } from '../src/db/change-feed';
import { statementCounter } from '../src/db/database';
import { build } from './helpers';

const ctx = build();

function recordingFeed() {
  const feed = new ChangeFeed(ctx.db);
  const handed: Map<Topic, TopicChanges>[] = [];
  feed.subscribe((changes) => {
    handed.push(new Map(changes));
  });
  return { feed, handed };
}

const logProductChange = (key: string) => sql`INSERT INTO change_log (topic, key) VALUES ('product', ${key}::uuid)`.execute(ctx.db);

describe('change feed', () => {
  it('starts with everything, then hands on each committed change once, and nothing when nothing changed', async () => {
    const { feed, handed } = recordingFeed();
    await feed.catchUp();
    expect(handed).toHaveLength(1);
    expect(handed[0]!.get('product')).toEqual({ all: true, keys: new Set(), byUnit: new Map() });

    await feed.catchUp();
    expect(handed).toHaveLength(1);

    const first = randomUUID();
    const second = randomUUID();
    await logProductChange(first);
    await logProductChange(second);
    await feed.catchUp();
    expect(handed).toHaveLength(2);
    expect([...handed[1]!.keys()]).toEqual(['product']);
    expect(handed[1]!.get('product')).toEqual({ all: false, keys: new Set([first, second]), byUnit: new Map() });

    await feed.catchUp();
    expect(handed).toHaveLength(2);
  });

  it('hands on a change written while a read was running to the callers that came after it', async () => {
    const { feed, handed } = recordingFeed();
    await feed.catchUp();
    const key = randomUUID();
    const before = feed.catchUp();
    const written = logProductChange(key);
    const after = written.then(() => feed.catchUp());
    await Promise.all([before, after]);
    expect(handed.flatMap((changes) => [...(changes.get('product')?.keys ?? [])])).toEqual([key]);
  });

  // PGlite runs one transaction at a time: none can be left open beside the feed there.
  (process.env.DATABASE_URL ? it : it.skip)(
    'starting over, hands on nothing already in the log again, even while an older transaction holds the horizon back',
    async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const open = new Promise<void>((resolve) => (started = resolve));
      // Another session's transaction, with an id, left open: the oldest one running.
      const old = ctx.db.transaction().execute(async (trx) => {
        await sql`SELECT pg_current_xact_id()`.execute(trx);
        started();
        await held;
      });
      await open;
      try {
        await logProductChange(randomUUID());
        const { feed, handed } = recordingFeed();
        await feed.catchUp();
        await feed.catchUp();
        expect(handed).toHaveLength(1);
        expect(handed[0]!.get('product')!.all).toBe(true);
      } finally {
        release();
        await old;
      }
    },
  );

  (process.env.DATABASE_URL ? it.skip : it)(
    'on the embedded database, asks nothing when no statement has been issued since its last read',
    async () => {
      const issued = statementCounter(ctx.db)!;
      const { feed } = recordingFeed();
      await feed.catchUp();
      await logProductChange(randomUUID());
      await feed.catchUp();
      const settled = issued();
      await feed.catchUp();
      await feed.catchUp();
      expect(issued()).toBe(settled);

      await logProductChange(randomUUID());
      const written = issued();
      await feed.catchUp();
      expect(issued()).toBe(written + 1);
    },
  );
});
