import {
  ALTERNATIVE_SCHEDULE,
  checkModalDraft,
  checkPageDraft,
  EMPTY_MODAL_DRAFT,
  EMPTY_PAGE_DRAFT,
  JUSTIFICATION_REQUIRED,
  type ModalDraft,
  type PageDraft,
} from './schedule-form';

const DEVICE = '0b5f4c1e-0000-4000-8000-000000000001';
const PERSON = '0b5f4c1e-0000-4000-8000-000000000002';

const modal = (changes: Partial<ModalDraft> = {}): ModalDraft => ({
  ...EMPTY_MODAL_DRAFT,
  title: 'Monthly defibrillator PM',
  equipmentId: DEVICE,
  pmType: 'Safety Testing',
  dueDate: '2031-03-31',
  ...changes,
});

const page = (changes: Partial<PageDraft> = {}): PageDraft => ({
  ...EMPTY_PAGE_DRAFT,
  equipmentId: DEVICE,
  title: 'Quarterly ventilator PM',
  description: 'Replace the filters and run the performance check.',
  scheduledDate: '2031-01-15',
  frequency: 'Quarterly',
  pmType: 'Filter Replacement',
  ...changes,
});

describe('the Schedule Preventive modal', () => {
  it('starts Monthly, on the manufacturer’s recommendation', () => {
    expect(EMPTY_MODAL_DRAFT.interval).toBe('Monthly');
    expect(EMPTY_MODAL_DRAFT.scheduleBasis).toBe('Manufacturer recommendation');
  });

  it('refuses an empty form and names every required field', () => {
    const result = checkModalDraft(EMPTY_MODAL_DRAFT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.missingRequired).toBe(true);
    expect([...result.issues.keys()]).toEqual(['title', 'equipmentId', 'pmType', 'dueDate']);
  });

  it('sends the plan’s body with empty optional fields as none', () => {
    const result = checkModalDraft(modal());
    expect(result).toEqual({
      ok: true,
      body: {
        equipmentId: DEVICE,
        title: 'Monthly defibrillator PM',
        description: '',
        pmType: 'Safety Testing',
        interval: 'Monthly',
        estimatedHours: null,
        assignedTo: null,
        priority: 'Medium',
        firstDueDate: '2031-03-31',
        scheduleBasis: 'Manufacturer recommendation',
        justification: null,
      },
    });
  });

  it('sends hours as a number and the assignee chosen', () => {
    const result = checkModalDraft(modal({ estimatedHours: '1.5', assignedTo: PERSON }));
    expect(result.ok && result.body.estimatedHours).toBe(1.5);
    expect(result.ok && result.body.assignedTo).toBe(PERSON);
  });

  it('takes the contract’s word on hours that are not half-hour steps', () => {
    const result = checkModalDraft(modal({ estimatedHours: '1.25' }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.missingRequired).toBe(false);
    expect(result.issues.get('estimatedHours')).toBe('Duration goes in steps of 0.5 hours.');
  });

  it('wants a justification for an alternative schedule, even beside other missing fields', () => {
    const alone = checkModalDraft(modal({ scheduleBasis: ALTERNATIVE_SCHEDULE }));
    expect(alone.ok).toBe(false);
    if (!alone.ok) {
      expect(alone.missingRequired).toBe(true);
      expect(alone.issues.get('justification')).toBe(JUSTIFICATION_REQUIRED);
    }
    const beside = checkModalDraft({ ...EMPTY_MODAL_DRAFT, scheduleBasis: ALTERNATIVE_SCHEDULE });
    expect(!beside.ok && beside.issues.has('justification')).toBe(true);
    const given = checkModalDraft(
      modal({ scheduleBasis: ALTERNATIVE_SCHEDULE, justification: 'Low use; failure history clean' }),
    );
    expect(given.ok && given.body.justification).toBe('Low use; failure history clean');
  });

  it('names a due date the contract cannot read under the due date field', () => {
    const result = checkModalDraft(modal({ dueDate: '31/03/2031' }));
    expect(!result.ok && result.issues.get('dueDate')).toBe(
      'The scheduled date must be a date such as 2024-03-31.',
    );
  });

  it('names a title too long with the contract’s message', () => {
    const result = checkModalDraft(modal({ title: 'x'.repeat(201) }));
    expect(!result.ok && result.issues.get('title')).toBe('Title must have at most 200 characters.');
  });
});

describe('the Schedule Preventive Maintenance page', () => {
  it('starts at Medium priority with no frequency chosen', () => {
    expect(EMPTY_PAGE_DRAFT.priority).toBe('Medium');
    expect(EMPTY_PAGE_DRAFT.frequency).toBe('');
  });

  it('requires everything but duration and assignee', () => {
    const result = checkPageDraft(EMPTY_PAGE_DRAFT);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect([...result.issues.keys()]).toEqual([
      'equipmentId',
      'title',
      'description',
      'scheduledDate',
      'frequency',
      'pmType',
    ]);
  });

  it('maps the frequency to the plan’s interval and the duration to its hours', () => {
    const result = checkPageDraft(page({ frequency: 'Semi-Annually', duration: '2.5' }));
    expect(result.ok && result.body).toMatchObject({
      interval: 'Biannually',
      estimatedHours: 2.5,
      firstDueDate: '2031-01-15',
      description: 'Replace the filters and run the performance check.',
      priority: 'Medium',
    });
  });

  it('puts the contract’s refusal of the duration under the duration field', () => {
    const negative = checkPageDraft(page({ duration: '-1' }));
    expect(!negative.ok && negative.issues.get('duration')).toBe('Duration cannot be negative.');
    const text = checkPageDraft(page({ duration: 'two' }));
    expect(!text.ok && text.issues.has('duration')).toBe(true);
  });
});
