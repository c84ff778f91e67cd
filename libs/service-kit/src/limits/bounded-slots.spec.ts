import { BoundedSlots } from './bounded-slots';

/** A task that runs until the test ends it, and says when it started. */
function heldTask() {
  let finish: (value: string) => void = () => undefined;
  const state = { started: false };
  const task = () => {
    state.started = true;
    return new Promise<string>((resolve) => {
      finish = resolve;
    });
  };
  return { task, state, finish: (value: string) => finish(value) };
}

describe('BoundedSlots', () => {
  it('runs at most `atOnce` tasks, queues `waiting` more in order, and refuses the next at once', async () => {
    const slots = new BoundedSlots(2, 2, () => new Error('busy'));
    const tasks = Array.from({ length: 4 }, () => heldTask());
    const answers = tasks.map(({ task }) => slots.run(task));
    await Promise.resolve();
    expect(tasks.map(({ state }) => state.started)).toEqual([true, true, false, false]);
    expect([slots.active, slots.queued]).toEqual([2, 2]);
    await expect(slots.run(() => Promise.resolve('fifth'))).rejects.toThrow('busy');

    tasks[1]?.finish('second');
    await expect(answers[1]).resolves.toBe('second');
    expect(tasks.map(({ state }) => state.started)).toEqual([true, true, true, false]);
    expect([slots.active, slots.queued]).toEqual([2, 1]);

    tasks[0]?.finish('first');
    tasks[2]?.finish('third');
    await Promise.all([answers[0], answers[2]]);
    expect(tasks[3]?.state.started).toBe(true);
    tasks[3]?.finish('fourth');
    await expect(answers[3]).resolves.toBe('fourth');
    expect([slots.active, slots.queued]).toEqual([0, 0]);
  });

  it('gives the slot back when a task fails', async () => {
    const slots = new BoundedSlots(1, 0, () => new Error('busy'));
    await expect(slots.run(() => Promise.reject(new Error('broken file')))).rejects.toThrow('broken file');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
    expect(slots.active).toBe(0);
  });
});
