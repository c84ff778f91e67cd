import { createTaskSchema } from '@caliber/contracts';
import { anyOf, draftSchema, fieldIssues, MARKED_ONLY, markedOnly } from './form-issues';

describe('form issues from the contract', () => {
  it('keeps the first message of each field the contract refuses', () => {
    const result = createTaskSchema.safeParse({
      title: '',
      description: 'x',
      priority: 'Low',
      equipmentId: '',
      taskType: 'Preventive',
    });
    const issues = fieldIssues(result.error);
    expect(issues.get('title')).toBe('Title is required.');
    expect(issues.get('equipmentId')).toBe('Equipment is required.');
    expect(anyOf(issues, ['title', 'taskType'])).toBe(true);
    expect(anyOf(issues, ['description'])).toBe(false);
    expect(fieldIssues(undefined).size).toBe(0);
  });

  it('says why a Preventive task without PM type and interval is refused', () => {
    const result = createTaskSchema.safeParse({
      title: 'PM',
      description: 'Quarterly PM',
      priority: 'Low',
      equipmentId: '0b5f4c1e-0000-4000-8000-000000000001',
      taskType: 'Preventive',
    });
    expect(fieldIssues(result.error).get('pmType')).toBe(
      'For Preventive tasks, select PM Type and Periodic Interval.',
    );
  });

  it('a draft schema puts each field issue under its field and the message at the form', () => {
    const schema = draftSchema((draft: { title: string }) =>
      draft.title ? null : { fields: new Map([['title', MARKED_ONLY]]), message: 'Please fill in Title' },
    );
    expect(schema.safeParse({ title: 'PM' }).success).toBe(true);
    const refused = schema.safeParse({ title: '' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', ' '],
      ['root', 'Please fill in Title'],
    ]);
    expect([...markedOnly(new Map([['title', 'Title is required.']]))]).toEqual([['title', ' ']]);
  });
});
