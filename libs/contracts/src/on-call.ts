import { z } from 'zod';
import { departmentSchema } from './departments';
import { ID_PATTERN } from './ids';
import { limitParam, pageFields, pageParam } from './paging';

/**
 * Who covers which department for urgent pages, kept by an Admin: the department's covering
 * engineers (its engineering unit, paged whenever nobody is on call) and an on-call rota of shifts.
 * Shifts may overlap: everyone on call at the moment of a fault is paged.
 */

/** Covering engineers one department may have. */
export const MAX_COVERING_ENGINEERS = 20;
/** Shifts one department may have not yet ended (the rota ahead is bounded). */
export const MAX_ON_CALL_SHIFTS_AHEAD = 500;
/** The longest shift: a month. */
export const MAX_ON_CALL_SHIFT_DAYS = 31;
/** How far ahead a shift may start: a year. */
export const MAX_ON_CALL_DAYS_AHEAD = 366;
/** Shifts that ended longer ago than this are removed when the rota is next changed. */
export const ON_CALL_KEPT_DAYS = 90;

const idField = (what: string) =>
  z
    .string({ error: `${what} is required.` })
    .regex(ID_PATTERN, { error: `${what} must be a user id.` })
    .transform((id) => id.toLowerCase());

const instant = (what: string) =>
  z.iso
    .datetime({ offset: true, error: `${what} must be a date and time (ISO 8601, with its offset).` })
    .transform((at) => new Date(at));

const engineerExample = { engineerId: '0c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', engineerName: 'Kwame Boateng' };
const shiftExample = {
  id: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
  department: 'ICU',
  ...engineerExample,
  from: '2026-11-29T18:00:00.000Z',
  to: '2026-11-30T08:00:00.000Z',
};

export const coveringEngineerSchema = z
  .object({
    engineerId: z.string(),
    engineerName: z.string().describe('The name when the entry was saved, for display.'),
  })
  .meta({ id: 'CoveringEngineer', examples: [engineerExample] });
export type CoveringEngineer = z.output<typeof coveringEngineerSchema>;

export const onCallShiftSchema = z
  .object({
    id: z.string(),
    department: z.string(),
    engineerId: z.string(),
    engineerName: z.string().describe('The name when the shift was saved, for display.'),
    from: z.string().describe('When the shift starts (included).'),
    to: z.string().describe('When the shift ends (excluded).'),
  })
  .meta({ id: 'OnCallShift', examples: [shiftExample] });
export type OnCallShift = z.output<typeof onCallShiftSchema>;

/** A department's cover: its covering engineers, who is on call now and next, and the rota ahead. */
export const departmentCoverSchema = z
  .object({
    department: z.string(),
    covering: z.array(coveringEngineerSchema),
    onCallNow: z
      .array(onCallShiftSchema)
      .describe('Shifts under way now (overlapping shifts are all listed).'),
    next: onCallShiftSchema.nullable().describe('The next shift to start, if any.'),
    shifts: z.array(onCallShiftSchema).describe('A page of the shifts not yet ended, earliest first.'),
    ...pageFields,
  })
  .meta({
    id: 'DepartmentCover',
    examples: [
      {
        department: 'ICU',
        covering: [engineerExample],
        onCallNow: [shiftExample],
        next: null,
        shifts: [shiftExample],
        total: 1,
        page: 1,
        pages: 1,
        limit: 50,
      },
    ],
  });
export type DepartmentCover = z.output<typeof departmentCoverSchema>;

export const departmentCoverQuerySchema = z.strictObject({
  department: departmentSchema,
  page: pageParam(),
  limit: limitParam(50, 100),
});
export type DepartmentCoverQuery = z.output<typeof departmentCoverQuerySchema>;

export const setCoveringEngineersSchema = z.strictObject({
  department: departmentSchema,
  engineerIds: z
    .array(idField('Each engineer'), { error: 'engineerIds must be a list of user ids.' })
    .max(MAX_COVERING_ENGINEERS, {
      error: `A department may have at most ${MAX_COVERING_ENGINEERS} covering engineers.`,
    })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'An engineer is listed twice.' }),
});
export type SetCoveringEngineers = z.output<typeof setCoveringEngineersSchema>;

/** A shift's length in milliseconds, or null when either end is not a time. */
function spanOf(shift: { from: unknown; to: unknown }): number | null {
  return shift.from instanceof Date && shift.to instanceof Date
    ? shift.to.getTime() - shift.from.getTime()
    : null;
}

export const addOnCallShiftSchema = z
  .strictObject({
    department: departmentSchema,
    engineerId: idField('The engineer'),
    from: instant('From'),
    to: instant('To'),
  })
  // An object's refinements run even when a field was refused (a time that is not one stays text):
  // they judge the span only when both ends were read as times.
  .refine((shift) => (spanOf(shift) ?? 1) > 0, {
    error: 'To must be after From.',
    path: ['to'],
  })
  .refine((shift) => (spanOf(shift) ?? 0) <= MAX_ON_CALL_SHIFT_DAYS * 86_400_000, {
    error: `A shift may last at most ${MAX_ON_CALL_SHIFT_DAYS} days.`,
    path: ['to'],
  });
export type AddOnCallShift = z.output<typeof addOnCallShiftSchema>;
