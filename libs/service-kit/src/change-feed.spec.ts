import type { ChangeFeedPage } from '@caliber/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { catchUpFeed, FeedFollower, type FeedPositionStore } from './change-feed';

interface Change {
  seq: string;
  value: string;
}

/** A feed of `count` changes numbered 1..count, served in pages of `size`. */
function feed(count: number, size: number) {
  const all: Change[] = Array.from({ length: count }, (_, index) => ({
    seq: String(index + 1),
    value: `v${index + 1}`,
  }));
  const asked: string[] = [];
  const readPage = (after: string): Promise<ChangeFeedPage<Change>> => {
    asked.push(after);
    const rest = all.filter((change) => BigInt(change.seq) > BigInt(after));
    const changes = rest.slice(0, size);
    return Promise.resolve({ changes, last: changes.at(-1)?.seq ?? after, more: rest.length > size });
  };
  return { readPage, asked };
}

/** A position and a copy in memory; a transaction that throws leaves both as they were. */
function replica(start = '0') {
  const state = { position: start, applied: [] as string[] };
  const manager = {} as EntityManager;
  const dataSource = {
    manager,
    transaction: async <T>(work: (m: EntityManager) => Promise<T>): Promise<T> => {
      const before = { position: state.position, applied: [...state.applied] };
      try {
        return await work(manager);
      } catch (error) {
        Object.assign(state, before);
        throw error;
      }
    },
  } as unknown as DataSource;
  const position: FeedPositionStore = {
    read: () => Promise.resolve(state.position),
    lock: () => Promise.resolve(state.position),
    write: (_manager, next) => {
      state.position = next;
      return Promise.resolve();
    },
  };
  const apply = (_manager: EntityManager, changes: Change[]) => {
    state.applied.push(...changes.map((change) => change.value));
    return Promise.resolve();
  };
  return { state, dataSource, position, apply };
}

describe('catching up a change feed', () => {
  it('applies every page in order from the stored position and keeps the last one', async () => {
    const source = feed(7, 3);
    const copy = replica();
    const outcome = await catchUpFeed({ ...copy, readPage: source.readPage });
    expect(outcome).toEqual({ position: '7', applied: 7, caughtUp: true });
    expect(copy.state.applied).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
    expect(source.asked).toEqual(['0', '3', '6']);
  });

  it('starts where the last catch-up stopped, and asks once when nothing is new', async () => {
    const source = feed(7, 3);
    const copy = replica('7');
    expect(await catchUpFeed({ ...copy, readPage: source.readPage })).toEqual({
      position: '7',
      applied: 0,
      caughtUp: true,
    });
    expect(source.asked).toEqual(['7']);
  });

  it('keeps the pages applied before the owner stopped answering, and reports the failure', async () => {
    const source = feed(9, 3);
    const copy = replica();
    const failing = (after: string) =>
      after === '6' ? Promise.reject(new Error('maintenance is down')) : source.readPage(after);
    await expect(catchUpFeed({ ...copy, readPage: failing })).rejects.toThrow('maintenance is down');
    expect(copy.state).toEqual({ position: '6', applied: ['v1', 'v2', 'v3', 'v4', 'v5', 'v6'] });
  });

  it('moves neither the copy nor the position when applying a page fails', async () => {
    const source = feed(6, 3);
    const copy = replica();
    let calls = 0;
    const apply = (manager: EntityManager, changes: Change[]) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('disk full'));
      return copy.apply(manager, changes);
    };
    await expect(catchUpFeed({ ...copy, apply, readPage: source.readPage })).rejects.toThrow('disk full');
    expect(copy.state).toEqual({ position: '3', applied: ['v1', 'v2', 'v3'] });
  });

  it('drops a page another reader applied meanwhile and goes on from where that one stopped', async () => {
    const source = feed(9, 3);
    const copy = replica();
    // While this reader fetches the first page, another one applies pages 1 and 2.
    const racing = async (after: string) => {
      const page = await source.readPage(after);
      if (after === '0') {
        copy.state.applied.push('v1', 'v2', 'v3', 'v4', 'v5', 'v6');
        copy.state.position = '6';
      }
      return page;
    };
    const outcome = await catchUpFeed({ ...copy, readPage: racing });
    expect(outcome).toEqual({ position: '9', applied: 3, caughtUp: true });
    expect(copy.state.applied).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
    expect(source.asked).toEqual(['0', '6']);
  });

  it('starts from where this reader last left it without reading the stored position', async () => {
    const source = feed(7, 3);
    const copy = replica('7');
    const read = jest.spyOn(copy.position, 'read');
    expect(await catchUpFeed({ ...copy, readPage: source.readPage, from: '7' })).toEqual({
      position: '7',
      applied: 0,
      caughtUp: true,
    });
    expect(read).not.toHaveBeenCalled();
    expect(source.asked).toEqual(['7']);
  });

  it('goes on from the stored position when another reader moved it past where this one left it', async () => {
    const source = feed(9, 3);
    const copy = replica('6');
    copy.state.applied.push('v1', 'v2', 'v3', 'v4', 'v5', 'v6');
    const outcome = await catchUpFeed({ ...copy, readPage: source.readPage, from: '3' });
    expect(outcome).toEqual({ position: '9', applied: 3, caughtUp: true });
    expect(copy.state.applied).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8', 'v9']);
    expect(source.asked).toEqual(['3', '6']);
  });

  it('stops on a page that claims more but does not move forward, and after maxPages', async () => {
    const copy = replica('4');
    const stuck = () => Promise.resolve({ changes: [], last: '4', more: true });
    expect(await catchUpFeed({ ...copy, readPage: stuck })).toEqual({
      position: '4',
      applied: 0,
      caughtUp: true,
    });

    const source = feed(10, 2);
    const limited = replica();
    expect(await catchUpFeed({ ...limited, readPage: source.readPage, maxPages: 2 })).toEqual({
      position: '4',
      applied: 4,
      caughtUp: false,
    });
  });
});

describe('following a change feed', () => {
  it('reads the stored position at start and on each round, and goes on from where it left off between', async () => {
    const source = feed(7, 3);
    const copy = replica();
    const read = jest.spyOn(copy.position, 'read');
    const follower = new FeedFollower({
      ...copy,
      readPage: source.readPage,
      what: 'Test copy',
      logger: { warn: () => undefined },
    });
    await follower.refresh(true);
    expect(read).toHaveBeenCalledTimes(1);
    await follower.refresh();
    await follower.refresh();
    expect(read).toHaveBeenCalledTimes(1);
    expect(source.asked).toEqual(['0', '3', '6', '7', '7']);
    // The copy is rebuilt by hand from the start: the next round follows the stored position.
    copy.state.position = '0';
    copy.state.applied = [];
    await follower.refresh(true);
    expect(copy.state.applied).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7']);
    expect(follower.caughtUpAt).not.toBeNull();
  });
});
