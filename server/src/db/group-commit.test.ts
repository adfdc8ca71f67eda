import { describe, expect, it } from 'vitest';
import { createGroupCommit, groupCommitsSettled } from './group-commit';

type Item = { chat: string; text: string };

/** A writer that keeps every batch it was given and finishes each when the test says so. */
function recordingWriter(fail: (item: Item) => boolean = () => false) {
  const batches: Item[][] = [];
  const pending: (() => void)[] = [];
  return {
    batches,
    write: (items: Item[]) =>
      new Promise<string[]>((resolve, reject) => {
        batches.push(items);
        pending.push(() =>
          items.some(fail) ? reject(new Error('bad item')) : resolve(items.map((i) => `${i.chat}:${i.text}`)),
        );
      }),
    /** Finishes the oldest batch still being written. */
    finishOne: () => pending.shift()!(),
    get writing() {
      return pending.length;
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
const settle = async (writer: ReturnType<typeof recordingWriter>) => {
  for (let i = 0; i < 50; i++) {
    while (writer.writing) writer.finishOne();
    await turn();
  }
};

describe('group commit', () => {
  it('writes the items of one moment together, and those arriving meanwhile in the next batch', async () => {
    const writer = recordingWriter();
    const append = createGroupCommit({ write: writer.write, maxInFlight: 1, maxBatch: 100, keysOf: (i) => [i.chat] });
    const first = ['a', 'b', 'c'].map((chat) => append({ chat, text: '1' }));
    await turn();
    expect(writer.batches.map((b) => b.map((i) => i.chat))).toEqual([['a', 'b', 'c']]);
    const later = ['d', 'e'].map((chat) => append({ chat, text: '1' }));
    await turn();
    // The one batch allowed in flight is still being written: the newcomers wait for it.
    expect(writer.batches).toHaveLength(1);
    writer.finishOne();
    expect(await Promise.all(first)).toEqual(['a:1', 'b:1', 'c:1']);
    await turn();
    expect(writer.batches.map((b) => b.map((i) => i.chat))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
    writer.finishOne();
    expect(await Promise.all(later)).toEqual(['d:1', 'e:1']);
  });

  it('never puts two items of one key in a batch, nor writes one while an earlier one of its key is written', async () => {
    const writer = recordingWriter();
    const append = createGroupCommit({ write: writer.write, maxInFlight: 4, maxBatch: 100, keysOf: (i) => [i.chat] });
    const results = [
      append({ chat: 'a', text: '1' }),
      append({ chat: 'b', text: '1' }),
      append({ chat: 'a', text: '2' }),
      append({ chat: 'a', text: '3' }),
    ];
    await turn();
    await turn();
    // Batches may be in flight side by side, but a's later messages wait until its first one is written.
    expect(writer.batches.map((b) => b.map((i) => `${i.chat}${i.text}`))).toEqual([['a1', 'b1']]);
    await settle(writer);
    expect(writer.batches.map((b) => b.map((i) => `${i.chat}${i.text}`))).toEqual([['a1', 'b1'], ['a2'], ['a3']]);
    expect(await Promise.all(results)).toEqual(['a:1', 'b:1', 'a:2', 'a:3']);
  });

  it('splits a batch one item failed, so only that item fails', async () => {
    const writer = recordingWriter((i) => i.text === 'bad');
    const append = createGroupCommit({ write: writer.write, maxInFlight: 1, maxBatch: 100, keysOf: (i) => [i.chat] });
    const results = Promise.allSettled([
      append({ chat: 'a', text: 'fine' }),
      append({ chat: 'b', text: 'bad' }),
      append({ chat: 'c', text: 'fine' }),
    ]);
    await turn();
    await settle(writer);
    expect(await results).toEqual([
      { status: 'fulfilled', value: 'a:fine' },
      { status: 'rejected', reason: new Error('bad item') },
      { status: 'fulfilled', value: 'c:fine' },
    ]);
    expect(writer.batches.map((b) => b.length)).toEqual([3, 1, 1, 1]);
  });

  it('caps a batch at maxBatch items', async () => {
    const writer = recordingWriter();
    const append = createGroupCommit({ write: writer.write, maxInFlight: 1, maxBatch: 2, keysOf: (i) => [i.chat] });
    const results = ['a', 'b', 'c', 'd', 'e'].map((chat) => append({ chat, text: '1' }));
    await turn();
    await settle(writer);
    await Promise.all(results);
    expect(writer.batches.map((b) => b.length)).toEqual([2, 2, 1]);
  });

  it('settles for a graceful stop only once no item waits and no batch is being written', async () => {
    const writer = recordingWriter();
    const append = createGroupCommit({ write: writer.write, maxInFlight: 1, maxBatch: 1, keysOf: (i) => [i.chat] });
    await groupCommitsSettled();
    const written = ['a', 'b'].map((chat) => append({ chat, text: '1' }));
    let settled = false;
    const stopping = groupCommitsSettled().then(() => (settled = true));
    await turn();
    writer.finishOne();
    await turn();
    // The first batch is written, the second (maxBatch 1) is being written now.
    expect(settled).toBe(false);
    await settle(writer);
    await stopping;
    expect(await Promise.all(written)).toEqual(['a:1', 'b:1']);
  });
});
