import { createTaskSchema, listTasksQuerySchema, recordWorkSchema, updateTaskSchema } from './task-api';

const PERSON = '8d7f4a52-3c1e-4f6b-9a0d-2b5e6c7d8e9f';

describe('task contract', () => {
  it('changes in an update only what was sent, and clears with "" or null', () => {
    expect(updateTaskSchema.parse({ assignedTo: PERSON, version: 3 })).toEqual({
      assignedTo: PERSON,
      version: 3,
    });
    expect(updateTaskSchema.parse({ priority: 'High' })).toEqual({ priority: 'High' });
    expect(updateTaskSchema.parse({ dueDate: '', assignedTo: null })).toEqual({
      dueDate: null,
      assignedTo: null,
    });
    expect(updateTaskSchema.safeParse({ version: 3 }).error?.issues[0]?.message).toBe(
      'Send at least one field to change.',
    );
  });

  it('creates with the defaults of the one create contract', () => {
    expect(
      createTaskSchema.parse({ title: 'Calibrate', priority: 'Low', equipmentId: PERSON }),
    ).toMatchObject({
      taskType: 'Repair',
      status: 'Pending',
      description: '',
      assignedTo: null,
      dueDate: null,
    });
    expect(
      createTaskSchema.safeParse({
        title: 'Start',
        priority: 'Low',
        equipmentId: PERSON,
        status: 'In Progress',
      }).error?.issues[0]?.message,
    ).toBe('Assign the task before starting it.');
  });

  it('reads the work form text on the server with the same parser, line by line', () => {
    expect(
      recordWorkSchema.parse({ sparePartsText: 'Flow sensor x 2 - adult\n\nFuse' }).sparePartsUsed,
    ).toEqual([
      { name: 'Flow sensor', quantity: 2, description: 'adult', unitCost: null },
      { name: 'Fuse', quantity: 1, description: '', unitCost: null },
    ]);
    expect(recordWorkSchema.safeParse({ sparePartsText: 'Fuse x 0' }).error?.issues[0]?.message).toBe(
      'Line 1: the quantity must be a whole number from 1 to 10000.',
    );
    expect(
      recordWorkSchema.safeParse({ sparePartsText: 'Fuse', sparePartsUsed: [{ name: 'Valve' }] }).error
        ?.issues[0]?.message,
    ).toBe('Send the spare parts as sparePartsUsed or as sparePartsText, not both.');
  });

  it('takes a new Preventive task as the first occurrence of a PM plan: due, Pending, without comments', () => {
    const preventive = {
      title: 'Electrical safety test',
      priority: 'Medium',
      equipmentId: PERSON,
      taskType: 'Preventive',
      pmType: 'Safety Testing',
      pmInterval: 'Biannually',
    };
    const messages = (input: Record<string, unknown>) =>
      createTaskSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages(preventive)).toEqual([
      'Preventive work recurs as a PM plan: give the due date of its first occurrence.',
    ]);
    expect(
      messages({
        ...preventive,
        dueDate: '2030-01-31',
        status: 'In Progress',
        assignedTo: PERSON,
        comments: 'x',
      }),
    ).toEqual([
      "A PM plan's first occurrence starts Pending.",
      'A PM plan has no comments: add them to its occurrence once it is scheduled.',
    ]);
    expect(messages({ ...preventive, dueDate: '2030-01-31' })).toEqual([]);
    // Other work keeps its freedom: no due date, started at once, with comments.
    expect(
      messages({
        title: 'Fix',
        priority: 'Low',
        equipmentId: PERSON,
        status: 'In Progress',
        assignedTo: PERSON,
        comments: 'x',
      }),
    ).toEqual([]);
  });

  it('reads its own output again unchanged (the gateway parses, then the service parses again)', () => {
    for (const [schema, input] of [
      [listTasksQuerySchema, { my: '1', status: 'Pending', page: '2' }],
      [updateTaskSchema, { description: '  Clean  ', pmType: '', version: 2 }],
      [recordWorkSchema, { sparePartsText: 'Seal x 3', labourHours: 1.5 }],
      [
        createTaskSchema,
        {
          title: 'PM',
          priority: 'Low',
          equipmentId: PERSON,
          taskType: 'Preventive',
          pmType: 'Cleaning',
          pmInterval: 'Monthly',
          dueDate: '2030-01-31',
        },
      ],
    ] as const) {
      const once = schema.parse(input);
      expect(schema.parse(once)).toEqual(once);
    }
  });
});
