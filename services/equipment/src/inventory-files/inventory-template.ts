import {
  EQUIPMENT_STATUSES,
  INVENTORY_IMPORT_COLUMNS,
  INVENTORY_IMPORT_MAX_BYTES,
  INVENTORY_IMPORT_MAX_ROWS,
  MAX_ACQUISITION_COST,
  MAX_SERVICE_LIFE_YEARS,
  SUPPLIER_MAX,
  columnLetters,
  type HospitalListsDto,
  type InventoryImportColumn,
  type InventoryImportKey,
} from '@caliber/contracts';
import ExcelJS from 'exceljs';

/*
 * The import template: the columns an import reads, as CSV (the header row alone) or as a workbook
 * that says how to fill each column (a note on its header, a sheet "How to fill") and offers the
 * hospital's statuses, departments and categories as drop-down lists. The acquisition figures'
 * columns are in the template of those who may set them (`inventoryImportColumns`), after the
 * device's own.
 */

/** A template header: optional columns say so (an import reads "UDI (optional)" as UDI). */
const templateHeader = ({ header, required }: InventoryImportColumn) =>
  required ? header : `${header} (optional)`;

/** The template as CSV: UTF-8 with a byte-order mark (so Excel reads it as UTF-8), the header row. */
export const inventoryTemplateCsv = (columns: readonly InventoryImportColumn[] = INVENTORY_IMPORT_COLUMNS) =>
  `\uFEFF${columns.map((column) => templateHeader(column)).join(',')}\r\n`;

/** The date forms an import reads, as the person writes them. */
const DATE_FORMS =
  'A date cell, or a date written as 2021-03-04, 04/03/2021 or 4/3/21 (day or month first: the import finds which from the file, or you choose), 4 Mar 2021, 4 March 2021 or March 4, 2021.';

/** What each column accepts, in the words of the note on its header and of "How to fill". */
const ACCEPTS: Record<InventoryImportKey, string> = {
  name: "The device's name as staff know it, such as Patient Monitor. At most 120 characters.",
  manufacturer: 'Who makes it, such as Mindray. At most 120 characters.',
  model: 'Its model, such as BeneVision N12. At most 120 characters.',
  serialNumber:
    "The manufacturer's serial number, at most 64 characters. A device of the inventory with this serial number (in any case) is updated by the row; otherwise the row adds one. Each serial number once in a file. It may be left empty when the row's UDI carries the serial (21).",
  udi: "The device's GS1 UDI as printed under its barcode, such as (01)09506000134352(17)270131(10)ABC123(21)SN-0042, or as a barcode scanner types it. The GTIN, lot and dates are read from it; its serial (21) fills an empty Serial Number, and a different Serial Number is refused.",
  department:
    "One of the hospital's departments (the list on the sheet How to fill). A department's former name is read as the department it became.",
  location: 'Where the device is: ward, room or bed, such as ICU Bed 3. At most 120 characters.',
  installationDate: `When it was installed or put into service. ${DATE_FORMS}`,
  warrantyExpiry: `When its warranty ends, not before its installation. ${DATE_FORMS}`,
  status: `One of ${EQUIPMENT_STATUSES.join(', ')}.`,
  category:
    "One of the hospital's equipment categories (the list on the sheet How to fill). A category's former name is read as the category it became.",
  acquisitionCost: `What the device cost the hospital, in the hospital currency and without a currency sign, such as 48500.00: 0 to ${MAX_ACQUISITION_COST.toLocaleString('en')}, at most two decimals. A comma before three digits groups thousands (48,500.00); before one or two it is the decimal comma (48500,50).`,
  purchaseDate: `When the hospital bought it, not after today. ${DATE_FORMS}`,
  supplier: `Who the hospital bought it from: a vendor's name as the vendor list (Equipment, Vendors) has it, in any case, such as B. Braun Medical Ltd. A company not on the list is added there first. At most ${SUPPLIER_MAX} characters.`,
  expectedLifeYears: `How long it is meant to serve, in whole years from 1 to ${MAX_SERVICE_LIFE_YEARS}, such as 10.`,
};

/** What a cell of each acquisition column is formatted as: an amount, whole years, a date. */
const NUMBER_FORMATS: Partial<Record<InventoryImportKey, string>> = {
  installationDate: 'yyyy-mm-dd',
  warrantyExpiry: 'yyyy-mm-dd',
  purchaseDate: 'yyyy-mm-dd',
  acquisitionCost: '#,##0.00',
  expectedLifeYears: '0',
};

/** The lists the drop-downs offer: the hospital's active departments and categories, by name. */
export interface TemplateLists {
  departments: string[];
  categories: string[];
}

/** The active entries of the hospital lists, as the template offers them. */
export const templateListsOf = (lists: HospitalListsDto): TemplateLists => ({
  departments: lists.departments.filter((entry) => !entry.retired).map((entry) => entry.name),
  categories: lists.categories.filter((entry) => !entry.retired).map((entry) => entry.name),
});

/**
 * exceljs keeps a sheet's data validations by address, a range included ("J2:J20001"), and writes
 * them as they are; its type declarations leave the collection out.
 */
interface WithDataValidations {
  dataValidations: { add(address: string, validation: ExcelJS.DataValidation): void };
}

/** The last row a file may use, which the drop-downs reach. */
const LAST_ROW = INVENTORY_IMPORT_MAX_ROWS + 1;

const GUIDE_SHEET = 'How to fill';
/** The guide's columns: the table of columns in A to D, the lists in F and G. */
const DEPARTMENTS_COLUMN = 6;
const CATEGORIES_COLUMN = 7;

/** The guide: how to fill the sheet, each column, and the lists the drop-downs take their choices from. */
function addGuide(
  workbook: ExcelJS.Workbook,
  lists: TemplateLists,
  columns: readonly InventoryImportColumn[],
): ExcelJS.Worksheet {
  const guide = workbook.addWorksheet(GUIDE_SHEET);
  guide.columns = [
    { width: 22 },
    { width: 10 },
    { width: 70 },
    { width: 40 },
    { width: 3 },
    { width: 30 },
    { width: 30 },
  ];
  const lines: (string | null)[][] = [
    ['How to fill the inventory template'],
    [
      `One device a row on the sheet Inventory, from row 2: at most ${INVENTORY_IMPORT_MAX_ROWS.toLocaleString('en')} devices, on rows 2 to ${LAST_ROW.toLocaleString('en')}. Empty rows are skipped, but count towards that.`,
    ],
    [
      'The first row names the columns, in any order, by their names here or the other names listed; case, spaces and punctuation do not matter. Columns the import does not read are ignored.',
    ],
    [
      `Save the file as .xlsx, or as CSV (comma, semicolon or tab between cells; UTF-8, UTF-16 or Windows text): at most ${INVENTORY_IMPORT_MAX_BYTES / 1024 / 1024} MB. Importing shows what each row would do before anything is written.`,
    ],
    [],
    ['Column', 'Required', 'What it accepts', 'Other names accepted'],
    ...columns.map((column) => [
      column.header,
      column.required ? 'Yes' : 'No',
      ACCEPTS[column.key],
      column.aliases.join(', '),
    ]),
    [],
    ['Dates', null, DATE_FORMS],
    [
      'UDI',
      null,
      'The Unique Device Identifier of the GS1 barcode on the device, printed form or scanned. When it holds a serial (21), that is the Serial Number: an empty one is filled from it, and a different one refuses the row.',
    ],
    ['Statuses', null, EQUIPMENT_STATUSES.join(', ')],
    ...(columns.some((column) => column.key === 'acquisitionCost')
      ? [
          [
            'Acquisition figures',
            null,
            "What a device cost, when and from whom it was bought, and its expected life: costs, which only Engineers and Admins record. A column left out of the file leaves every device's figure as it is; an empty cell of a column the file has clears that device's figure.",
          ],
        ]
      : []),
  ];
  lines.forEach((values, index) => {
    const row = guide.getRow(index + 1);
    values.forEach((value, column) => {
      if (value !== null) row.getCell(column + 1).value = value;
    });
    row.alignment = { wrapText: true, vertical: 'top' };
  });
  guide.getRow(1).font = { bold: true, size: 14 };
  guide.getRow(6).font = { bold: true };
  const listHeader = (column: number, title: string, names: readonly string[]) => {
    guide.getCell(1, column).value = title;
    guide.getCell(1, column).font = { bold: true };
    names.forEach((name, index) => (guide.getCell(index + 2, column).value = name));
  };
  listHeader(DEPARTMENTS_COLUMN, 'Departments', lists.departments);
  listHeader(CATEGORIES_COLUMN, 'Categories', lists.categories);
  return guide;
}

/** A drop-down of the guide's list in `column` (rows 2 on), or none for an empty list. */
const listRange = (column: number, count: number) =>
  count === 0 ? null : `'${GUIDE_SHEET}'!$${columnLetters(column)}$2:$${columnLetters(column)}$${count + 1}`;

/**
 * The template as a workbook: the sheet Inventory (the header row, each header with a note of what
 * its column accepts; drop-downs of the statuses, departments and categories on rows 2 to 20,001;
 * text columns formatted as text, dates as dates) and the sheet How to fill.
 */
export async function inventoryTemplateXlsx(
  lists: TemplateLists,
  columns: readonly InventoryImportColumn[] = INVENTORY_IMPORT_COLUMNS,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Caliber CMMS';
  const sheet = workbook.addWorksheet('Inventory', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({
    header: templateHeader(column),
    width: column.key === 'name' || column.key === 'udi' ? 36 : NUMBER_FORMATS[column.key] ? 18 : 22,
    style: { numFmt: NUMBER_FORMATS[column.key] ?? '@' },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  columns.forEach((column, index) => {
    const aliases = column.aliases.length > 0 ? `\nAlso read under: ${column.aliases.join(', ')}.` : '';
    header.getCell(index + 1).note =
      `${column.required ? 'Required.' : 'Optional.'} ${ACCEPTS[column.key]}${aliases}`;
  });
  addGuide(workbook, lists, columns);
  const validations = (sheet as unknown as WithDataValidations).dataValidations;
  const dropDown = (key: InventoryImportKey, formula: string | null, strict: boolean, message: string) => {
    if (formula === null) return;
    const letters = columnLetters(columns.findIndex((column) => column.key === key) + 1);
    validations.add(`${letters}2:${letters}${LAST_ROW}`, {
      type: 'list',
      allowBlank: true,
      formulae: [formula],
      showErrorMessage: true,
      // A department or category by a former name still imports: Excel warns, and lets it stand.
      errorStyle: strict ? 'stop' : 'warning',
      errorTitle: 'Not on the list',
      error: message,
    });
  };
  dropDown('status', `"${EQUIPMENT_STATUSES.join(',')}"`, true, ACCEPTS.status);
  dropDown(
    'department',
    listRange(DEPARTMENTS_COLUMN, lists.departments.length),
    false,
    "This is not one of the hospital's departments. A former name imports as the department it became; any other is refused.",
  );
  dropDown(
    'category',
    listRange(CATEGORIES_COLUMN, lists.categories.length),
    false,
    "This is not one of the hospital's equipment categories. A former name imports as the category it became; any other is refused.",
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
