import { DEFAULT_REPORT_DEPARTMENTS, departmentSchema } from './departments';
import { statusChangeRefusal } from './equipment';
import { canonicalRole, hasFullAccess, roleIs } from './roles';
import { newStaffSchema, serviceNumberSchema } from './users';
import { verifyOtpSchema } from './auth';
import { DOMAIN_SERVICES, healthSubject } from './services';
import { QUEUE_GROUPS, SUBJECTS } from './subjects';
import { generateReportSchema, REPORT_MESSAGES } from './reports';
import { SUBJECT_SENDERS } from './trust';

describe('roles', () => {
  it('compare without regard to case', () => {
    expect(roleIs('engineer', 'Engineer')).toBe(true);
    expect(roleIs('ENGINEER', 'Engineer')).toBe(true);
    expect(roleIs('Admin', 'Engineer')).toBe(false);
    expect(roleIs(undefined, 'Engineer')).toBe(false);
    expect(hasFullAccess('admin')).toBe(true);
    expect(hasFullAccess('Technician')).toBe(false);
    expect(hasFullAccess('Manager')).toBe(false);
    expect(canonicalRole(' technician ')).toBe('Technician');
    expect(canonicalRole('nurse')).toBeUndefined();
  });
});

describe('schemas', () => {
  it('normalise service numbers to upper case', () => {
    expect(serviceNumberSchema.parse(' bme-1001 ')).toBe('BME-1001');
  });

  it('give new staff the roster defaults (Technician, TSEU, active, not pre-approved)', () => {
    const staff = newStaffSchema.parse({
      serviceNumber: 'x-1',
      name: 'Ama',
      phoneNumber: '+1 (555) 010-0101',
    });
    expect(staff).toEqual({
      serviceNumber: 'X-1',
      name: 'Ama',
      phoneNumber: '+15550100101',
      role: 'Technician',
      department: 'TSEU',
      email: null,
      isActive: true,
      preApproved: false,
    });
  });

  it('trim the code but keep it at six digits', () => {
    expect(verifyOtpSchema.parse({ serviceNumber: 'A-1', otp: ' 012345 ' }).otp).toBe('012345');
    expect(verifyOtpSchema.safeParse({ serviceNumber: 'A-1', otp: '01234' }).success).toBe(false);
  });
});

describe('who may set which equipment status', () => {
  it('keeps returning a device to service for Engineers and Admins', () => {
    for (const from of ['Under Maintenance', 'Unserviceable'] as const) {
      expect(statusChangeRefusal('Technician', from, 'Serviceable')).toBe(
        'Only Engineers and Admins may return equipment to service: an engineer checks it first.',
      );
      expect(statusChangeRefusal('Manager', from, 'Serviceable')).not.toBeNull();
      expect(statusChangeRefusal('engineer', from, 'Serviceable')).toBeNull();
      expect(statusChangeRefusal('Admin', from, 'Serviceable')).toBeNull();
    }
  });

  it('lets anyone report a device out of use, or add a new one as Serviceable', () => {
    expect(statusChangeRefusal('Technician', 'Serviceable', 'Unserviceable')).toBeNull();
    expect(statusChangeRefusal('Technician', 'Serviceable', 'Under Maintenance')).toBeNull();
    expect(statusChangeRefusal('Technician', 'Under Maintenance', 'Unserviceable')).toBeNull();
    expect(statusChangeRefusal('Technician', null, 'Serviceable')).toBeNull();
    expect(statusChangeRefusal('Technician', 'Serviceable', 'Serviceable')).toBeNull();
  });

  it('keeps retiring and reviving for Engineers and Admins', () => {
    expect(statusChangeRefusal('Technician', 'Serviceable', 'Decommissioned')).toBe(
      'Only Engineers and Admins may set the status Decommissioned.',
    );
    expect(statusChangeRefusal('Technician', null, 'Auctioned')).not.toBeNull();
    expect(statusChangeRefusal('Technician', 'Auctioned', 'Unserviceable')).toBe(
      'Only Engineers and Admins may bring back equipment that is Auctioned.',
    );
    expect(statusChangeRefusal('Admin', 'Auctioned', 'Serviceable')).toBeNull();
  });
});

describe('departments on requests', () => {
  it('are names: which department they are, the list owner decides', () => {
    expect(departmentSchema.parse('  Moon Base ')).toBe('Moon Base');
    expect(departmentSchema.safeParse(' ').error?.issues[0]?.message).toBe('Department is required.');
    expect(departmentSchema.safeParse('x'.repeat(101)).success).toBe(false);
    expect(DEFAULT_REPORT_DEPARTMENTS).toHaveLength(10);
  });
});

describe('service registry', () => {
  it.each(DOMAIN_SERVICES.map((service) => [service.name]))(
    '%s answers on its own subjects and queue group, with a health port of its own',
    (name) => {
      expect(SUBJECTS[name].health).toBe(healthSubject(name));
      expect(QUEUE_GROUPS[name]).toBe(name);
    },
  );

  it('gives each service its own health port and variable', () => {
    const ports = DOMAIN_SERVICES.map((service) => service.localHealthPort);
    const variables = DOMAIN_SERVICES.map((service) => service.healthPortVariable);
    expect(new Set(ports).size).toBe(ports.length);
    expect(new Set(variables).size).toBe(variables.length);
  });
});

describe('the Generate Report body', () => {
  const body = {
    reports: ['complianceAudit', 'equipmentStatus', 'complianceAudit'],
    filters: { dateFrom: '2026-01-01', dateTo: '2026-03-31', departments: ['icu', 'Eye', ' ICU '] },
    options: { delivery: { downloadNow: false, email: 'Head@Hospital.example' } },
  };

  it('takes the dialog’s defaults, orders the types, and names each department once', () => {
    const parsed = generateReportSchema.parse(body);
    expect(parsed.reports).toEqual(['equipmentStatus', 'complianceAudit']);
    // Which departments these are, the reports service asks the hospital lists.
    expect(parsed.filters.departments).toEqual(['icu', 'Eye']);
    expect(parsed.options.format).toBe('pdf');
    expect(parsed.options.visuals).toEqual({ charts: true, summary: true });
    expect(parsed.options.delivery.email).toBe('head@hospital.example');
  });

  it('reads its own answer again unchanged (the gateway parses, then the service parses again)', () => {
    const once = generateReportSchema.parse(body);
    expect(generateReportSchema.parse(once)).toEqual(once);
  });

  it('refuses with the dialog’s three texts', () => {
    const message = (input: unknown) => generateReportSchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ ...body, reports: [] })).toBe(REPORT_MESSAGES.noReportType);
    expect(message({ ...body, filters: { dateFrom: '2026-04-01', dateTo: '2026-03-31' } })).toBe(
      REPORT_MESSAGES.datesReversed,
    );
    expect(message({ ...body, options: { delivery: { downloadNow: false } } })).toBe(
      REPORT_MESSAGES.noDelivery,
    );
  });
});

describe('who may send each subject', () => {
  it('lets every service that calls a subject send it, none replacing another', () => {
    expect(SUBJECT_SENDERS[SUBJECTS.identity.assignees]).toEqual(['gateway', 'maintenance', 'reports']);
    expect(SUBJECT_SENDERS[SUBJECTS.maintenance.compliance]).toEqual(['gateway', 'reports']);
    expect(SUBJECT_SENDERS[SUBJECTS.maintenance.complianceOverdue]).toEqual(['gateway', 'reports']);
    expect(SUBJECT_SENDERS[SUBJECTS.maintenance.complianceUnplanned]).toEqual(['gateway', 'reports']);
  });

  it('keeps service-only subjects from the gateway', () => {
    expect(SUBJECT_SENDERS[SUBJECTS.equipment.applyTaskEffect]).toEqual(['maintenance']);
    expect(SUBJECT_SENDERS[SUBJECTS.equipment.reportDowntime]).toEqual(['reports']);
    expect(SUBJECT_SENDERS[SUBJECTS.identity.assignee]).toEqual(['maintenance']);
  });
});

describe('the compliance audit’s filters', () => {
  it('are refused beyond the pairs of department and category it can ask about', () => {
    const body = (departments: string[]) => ({
      reports: ['complianceAudit'],
      filters: {
        dateFrom: '2026-01-01',
        dateTo: '2026-01-31',
        departments,
        categories: [
          'Ventilator',
          'Defibrillator',
          'Monitor',
          'Infusion Pump',
          'Suction',
          'Autoclave',
          'X-Ray',
          'Ultrasound',
        ],
      },
    });
    const departments = Array.from({ length: 13 }, (_, i) => `Ward ${i + 1}`);
    expect(generateReportSchema.safeParse(body(departments.slice(0, 12))).success).toBe(true);
    expect(generateReportSchema.safeParse(body(departments)).error?.issues[0]?.message).toMatch(
      /at most 100 department and category pairs/,
    );
  });
});
