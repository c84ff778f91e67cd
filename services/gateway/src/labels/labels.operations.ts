import { assetLabelsRequestSchema } from '@caliber/contracts';
import { operation, STAFF, type ApiOperation } from '../api/operation';
import { FILE_WORKERS_BUSY } from '../api/refusals';

/** Asset labels: a sheet of QR tags for the inventory, made in the gateway's file workers. */
export const LABELS_OPERATIONS = {
  printAssetLabels: operation({
    operationId: 'printAssetLabels',
    method: 'post',
    path: '/api/equipment/labels',
    tag: 'Equipment',
    summary: 'A PDF of QR asset tags for the devices chosen or the inventory as filtered',
    description:
      "`{layout, ids}` (the devices chosen) or `{layout, filters}` (the list's filters), and `skip`: labels already used on the first sheet. At most 5,000 labels, in name order, each with the device's name, serial number, department and a QR code of its address (`PUBLIC_URL` or the address asked, then `/equipment/{id}`). Layouts: `a4-21` (Avery L7160), `a4-24` (L7159), `a4-14` (L7163), `letter-30` (Avery 5160), `letter-10` (5163), `roll-62x29` (Brother DK-11209) and `roll-2x1` (Zebra), one label a page on a roll. `asset-labels-YYYY-MM-DD.pdf`.",
    // Everyone may read the inventory, so everyone may print its tags.
    callers: STAFF,
    body: assetLabelsRequestSchema,
    answer: { status: 200, description: 'The PDF, as an attachment.', file: ['application/pdf'] },
    refusals: {
      404: 'A device chosen is no longer in the inventory, or no device matches the filters.',
      413: 'More than 5,000 devices match the filters: filter them and print each part. Or the sheet needs more than 128 MB of memory or 30 s to make.',
      ...FILE_WORKERS_BUSY,
    },
  }),
} as const satisfies Record<string, ApiOperation>;
