import type { AuditLogFilters } from '@detal/contract';

/** The audit log's filters as the URL keeps them (`?staff_id=2&entity=staff&date_from=…&page=2`). */
export interface AuditQuery {
  filters: Omit<AuditLogFilters, 'per_page'> & { per_page: number };
  page: number;
}

export const AUDIT_PER_PAGE = 50;

const positiveInt = (value: string | null): number | null => {
  const number = Number(value);
  return value && /^\d+$/.test(value) && Number.isSafeInteger(number) && number > 0 ? number : null;
};
const day = (value: string | null): string | null => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

/** Reads the filters from the page's URL; anything malformed is left out rather than refused. */
export function auditQueryOf(url: URL): AuditQuery {
  const params = url.searchParams;
  return {
    filters: {
      staff_id: positiveInt(params.get('staff_id')),
      entity: params.get('entity')?.trim() || null,
      date_from: day(params.get('date_from')),
      date_to: day(params.get('date_to')),
      per_page: AUDIT_PER_PAGE,
    },
    page: positiveInt(params.get('page')) ?? 1,
  };
}
