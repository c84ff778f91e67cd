import { personFixture } from '@caliber/web-testing/people';

/** The Engineer signed in for the equipment screens' tests (they record, import and close recalls). */
export const engineer = personFixture({
  _id: 'eng-1',
  name: 'Esi Mensah',
  role: 'Engineer',
  serviceNumber: 'BME-1000',
});
