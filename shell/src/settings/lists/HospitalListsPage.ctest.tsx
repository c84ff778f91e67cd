import {
  type AddListEntryRequest,
  type ApiErrorBody,
  type HospitalListsDto,
  type Role,
  type UpdateListEntryRequest,
  type UserDto,
} from '@caliber/contracts';
import { api, apiServer } from '@caliber/web-testing/api-server';
import { departmentEntry, renderScreen } from '@caliber/web-testing/harness';
import { signedInFixture } from '@caliber/web-testing/people';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { HospitalListsPage } from './HospitalListsPage';

function staff(role: Role): UserDto {
  return signedInFixture({ role, email: null });
}

const refusal = (statusCode: number, message: string) =>
  HttpResponse.json({ statusCode, code: 'CONFLICT', message } satisfies ApiErrorBody, { status: statusCode });

/** Counts the lists' loads after the first (a change asks them again). */
function listLoads(lists: () => HospitalListsDto) {
  const loads = { count: 0 };
  apiServer.use(
    http.get(api('/lists'), () => {
      loads.count += 1;
      return HttpResponse.json(lists());
    }),
  );
  return loads;
}

const departments = () => screen.getByRole('region', { name: 'Departments' });
const toast = () => screen.findByRole('status', { name: '' });

describe('Hospital lists', () => {
  it('Add: a blank name is refused here, focused, with nothing sent; a name is added, said, the lists asked again and the line emptied', async () => {
    const sent: AddListEntryRequest[] = [];
    apiServer.use(
      http.post(api('/lists'), async ({ request }) => {
        const body = (await request.json()) as AddListEntryRequest;
        sent.push(body);
        return HttpResponse.json(departmentEntry(body.name), { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<HospitalListsPage />, { user: staff('Admin'), path: '/settings/lists' });
    const loads = listLoads(() => ({
      departments: [departmentEntry('ICU'), departmentEntry('TSEU')],
      categories: [],
    }));
    const name = await within(await screen.findByRole('region', { name: 'Departments' })).findByLabelText(
      'New department',
    );
    await user.type(name, '   ');
    await user.click(within(departments()).getByRole('button', { name: 'Add' }));
    expect(await within(departments()).findByText('Type a name to add.')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.type(name, 'Burns Unit');
    expect(within(departments()).queryByText('Type a name to add.')).not.toBeInTheDocument();
    await user.click(within(departments()).getByRole('button', { name: 'Add' }));
    expect(await toast()).toHaveTextContent('Department "Burns Unit" added.');
    expect(sent).toEqual([{ kind: 'department', name: '   Burns Unit' }]);
    await waitFor(() => expect(loads.count).toBe(1));
    expect(name).toHaveValue('');
  });

  it("Add: the server's refusal shows above the line, which keeps the name", async () => {
    apiServer.use(http.post(api('/lists'), () => refusal(409, 'Department "ICU" is already on the list.')));
    const user = userEvent.setup();
    await renderScreen(<HospitalListsPage />, { user: staff('Admin'), path: '/settings/lists' });
    const name = await within(await screen.findByRole('region', { name: 'Departments' })).findByLabelText(
      'New department',
    );
    await user.type(name, 'icu');
    await user.click(within(departments()).getByRole('button', { name: 'Add' }));
    expect(await within(departments()).findByRole('alert')).toHaveTextContent(
      'Department "ICU" is already on the list.',
    );
    expect(name).toHaveValue('icu');
  });

  it('Rename: an unchanged name closes without a call; a new name is sent with the version read, and said', async () => {
    const sent: UpdateListEntryRequest[] = [];
    apiServer.use(
      http.put(api('/lists/:id'), async ({ request }) => {
        sent.push((await request.json()) as UpdateListEntryRequest);
        return HttpResponse.json(departmentEntry('Intensive Care'));
      }),
    );
    const user = userEvent.setup();
    await renderScreen(<HospitalListsPage />, { user: staff('Admin'), path: '/settings/lists' });
    await user.click(await screen.findByRole('button', { name: 'Rename ICU' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByLabelText('New name for ICU')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Rename ICU' }));
    const rename = screen.getByLabelText('New name for ICU');
    expect(rename).toHaveFocus();
    await user.clear(rename);
    await user.type(rename, 'Intensive Care');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await toast()).toHaveTextContent(
      '"ICU" is now "Intensive Care"; records carrying the old name follow.',
    );
    expect(sent).toEqual([{ name: 'Intensive Care', version: 1 }]);
    expect(screen.queryByLabelText('New name for ICU')).not.toBeInTheDocument();
  });

  it("Rename: the server's refusal keeps the line open with its message", async () => {
    apiServer.use(
      http.put(api('/lists/:id'), () =>
        refusal(
          409,
          '"Eye" was a name of Ophthalmology: a name stays with the department that had it. Choose another name.',
        ),
      ),
    );
    const user = userEvent.setup();
    await renderScreen(<HospitalListsPage />, { user: staff('Admin'), path: '/settings/lists' });
    await user.click(await screen.findByRole('button', { name: 'Rename TSEU' }));
    const rename = screen.getByLabelText('New name for TSEU');
    await user.clear(rename);
    await user.type(rename, 'Eye');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const form = screen.getByRole('form', { name: 'Rename TSEU' });
    expect(await within(form).findByRole('alert')).toHaveTextContent('"Eye" was a name of Ophthalmology');
    expect(rename).toHaveValue('Eye');
  });

  it('a refused retirement is said in the toast', async () => {
    apiServer.use(http.put(api('/lists/:id'), () => refusal(409, 'The list changed meanwhile: reload it.')));
    const user = userEvent.setup();
    await renderScreen(<HospitalListsPage />, { user: staff('Admin'), path: '/settings/lists' });
    await user.click(await screen.findByRole('button', { name: 'Retire ICU' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The list changed meanwhile: reload it.');
  });

  it('others see the lists read-only', async () => {
    await renderScreen(<HospitalListsPage />, { user: staff('Engineer'), path: '/settings/lists' });
    expect(await screen.findByRole('region', { name: 'Departments' })).toHaveTextContent('ICU');
    expect(screen.getByText(/Only Admins change these lists\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Rename|Retire|Add)/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New department')).not.toBeInTheDocument();
  });
});
