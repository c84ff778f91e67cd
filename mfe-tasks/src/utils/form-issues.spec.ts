import { createTaskSchema } from '@caliber/contracts';
import { anyOf, failureMessage, fieldIssues, firstInvalid } from './form-issues';

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
    expect(firstInvalid(issues, ['description', 'equipmentId', 'title'])).toBe('equipmentId');
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

  it('shows the server message, else the error’s own, else the fallback', () => {
    expect(failureMessage(new Error('Only Engineers and Admins create tasks.'), 'Failed')).toBe(
      'Only Engineers and Admins create tasks.',
    );
    expect(failureMessage(new Error(''), 'Failed to create task')).toBe('Failed to create task');
    expect(failureMessage('boom', 'Failed to create task')).toBe('Failed to create task');
  });
});
