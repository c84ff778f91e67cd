import { z } from 'zod';
import { dateField, dateParam, isCalendarDate, isRecordDate, optionalDateField } from './dates';
import { createEquipmentSchema } from './equipment';
import { createTaskSchema } from './task-api';
import { generateReportSchema } from './reports';

const messageOf = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('Calendar dates', () => {
  it('knows which dates exist, and which a record can hold', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2025-02-29')).toBe(false);
    // JavaScript's Date has a year 0; PostgreSQL does not.
    expect(isCalendarDate('0000-01-01')).toBe(true);
    expect(isRecordDate('0000-01-01')).toBe(false);
    expect(isRecordDate('1899-12-31')).toBe(false);
    expect(isRecordDate('1900-01-01')).toBe(true);
    expect(isRecordDate('2199-12-31')).toBe(true);
    expect(isRecordDate('2200-01-01')).toBe(false);
  });

  it('names the field, and says what is wrong: not a date, or out of range', () => {
    const installed = dateField('Installation date');
    expect(messageOf(installed, '0000-01-01')).toBe(
      'Installation date must be between 1900-01-01 and 2199-12-31.',
    );
    expect(messageOf(installed, '2025-02-30')).toBe('Installation date must be a date such as 2024-03-31.');
    expect(messageOf(installed, '')).toBe('Installation date is required.');
    expect(installed.parse(' 2024-03-31 ')).toBe('2024-03-31');

    const due = optionalDateField('Due date');
    expect(due.parse('')).toBeNull();
    expect(due.parse(null)).toBeNull();
    expect(messageOf(due, '0000-12-31')).toBe('Due date must be between 1900-01-01 and 2199-12-31.');
    expect(messageOf(due, 20240101)).toBe('Due date must be a date such as 2024-03-31.');

    const from = dateParam('from');
    expect(from.parse(undefined)).toBe('');
    expect(messageOf(from, '0000-01-01')).toBe('from must be between 1900-01-01 and 2199-12-31.');
  });

  it('refuses year 0000 in the contracts that hold dates, at the field', () => {
    const item = {
      name: 'Monitor',
      manufacturer: 'Mindray',
      model: 'N12',
      serialNumber: 'Y0-1',
      department: 'ICU',
      location: 'Bed 1',
      installationDate: '0000-01-01',
      status: 'Serviceable',
      category: 'Monitor',
    };
    expect(createEquipmentSchema.safeParse(item).error?.issues.map((issue) => issue.path)).toEqual([
      ['installationDate'],
    ]);
    const task = { title: 'T', description: 'D', priority: 'Low', equipmentId: crypto.randomUUID() };
    expect(createTaskSchema.safeParse({ ...task, dueDate: '0000-01-01' }).error?.issues[0]?.path).toEqual([
      'dueDate',
    ]);
    const report = {
      reports: ['equipmentStatus'],
      filters: { dateFrom: '0000-01-01', dateTo: '2026-01-31' },
      options: { delivery: { downloadNow: true } },
    };
    expect(generateReportSchema.safeParse(report).error?.issues[0]?.path).toEqual(['filters', 'dateFrom']);
  });

  it('marks every date as format: date in its JSON Schema', () => {
    const schema = z.object({ a: dateField('A'), b: optionalDateField('B'), c: dateParam('C') });
    const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input' }));
    expect(json.match(/"format":"date"/g)).toHaveLength(3);
  });
});
