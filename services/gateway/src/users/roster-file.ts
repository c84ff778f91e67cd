import { ROSTER_COLUMNS, type UserDto } from '@caliber/contracts';
import ExcelJS from 'exceljs';

/** The roster as an XLSX workbook, in the columns an import reads, so an export is a template too. */
export async function rosterWorkbook(users: readonly UserDto[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Caliber CMMS';
  const sheet = workbook.addWorksheet('Staff roster');
  sheet.columns = ROSTER_COLUMNS.map(({ key, header }) => ({
    key,
    header,
    width: key === 'name' || key === 'email' ? 30 : key === 'department' ? 24 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const user of users)
    sheet.addRow({
      serviceNumber: user.serviceNumber,
      name: user.name,
      email: user.email ?? '',
      phoneNumber: user.phoneNumber,
      role: user.role,
      department: user.department,
      active: user.isActive ? 'Yes' : 'No',
      preApproved: user.preApproved ? 'Yes' : 'No',
    });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
