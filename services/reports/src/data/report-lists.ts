import { Injectable } from '@nestjs/common';
import {
  ListIndex,
  listValueRefusal,
  SUBJECTS,
  type ActingUser,
  type HospitalListsDto,
  type ListEntryDto,
  type ReportFilters,
} from '@caliber/contracts';
import { ServiceError } from '@caliber/service-kit';
import { ReportDataClient } from './report-data.client';

/**
 * A report's departments and categories, read against the hospital lists (the equipment service
 * owns them): each name becomes its entry's current name, so a report asked with an old name, or
 * a schedule made before a rename, covers the records under the new one. Retired entries count:
 * last year's ward still has last year's records.
 */
@Injectable()
export class ReportLists {
  constructor(private readonly data: ReportDataClient) {}

  /**
   * The filters with current names. `strict` (a new request) refuses a name the lists do not know
   * (400 on the field); a stored job or schedule keeps such a name as it is (it finds nothing).
   */
  async current(filters: ReportFilters, user: ActingUser, strict: boolean): Promise<ReportFilters> {
    if (filters.departments.length === 0 && filters.categories.length === 0) return filters;
    const lists = await this.data.ask<HospitalListsDto>(SUBJECTS.equipment.lists, {}, user);
    const index = new ListIndex<ListEntryDto>([...lists.departments, ...lists.categories]);
    const currentNames = (kind: 'department' | 'category', field: string, names: readonly string[]) => {
      const current: string[] = [];
      for (const name of names) {
        const entry = index.find(kind, name);
        if (!entry && strict)
          throw ServiceError.validation([
            { path: `filters.${field}`, message: listValueRefusal(kind, name, undefined, null) ?? '' },
          ]);
        const value = entry?.name ?? name;
        if (!current.includes(value)) current.push(value);
      }
      return current;
    };
    return {
      ...filters,
      departments: currentNames('department', 'departments', filters.departments),
      categories: currentNames('category', 'categories', filters.categories),
    };
  }
}
