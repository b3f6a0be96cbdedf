import type { PositionStage, PositionStatusMap, StatusMapEntry } from '../../position-states.ts';

/**
 * The ABCP adapter's status map, as data (decision 0047). ABCP has no fixed status codes: every site defines its
 * own statuses, and a position's `statusCode` is the id of one of them (the site's `orders/statuses` lists them
 * with their names). So the adapter's data is a table of status names the platform's sites commonly use, and
 * `statusMapFromCatalogue` turns a site's own list into a code map for that supplier; the staff review it and
 * name what it did not recognise. The names are our reading of common ABCP sites, not a documented list.
 */
export const ABCP_STATUS_NAME_STAGES: Readonly<Record<string, PositionStage>> = {
  новый: 'ordered',
  'ожидает обработки': 'ordered',
  'ожидает оплаты': 'ordered',
  'ожидает подтверждения': 'ordered',
  оплачено: 'ordered',
  принят: 'confirmed',
  'принят в работу': 'confirmed',
  'в работе': 'confirmed',
  заказано: 'confirmed',
  'заказано у поставщика': 'confirmed',
  'в пути': 'confirmed',
  'пришло на склад': 'ready',
  'на складе': 'ready',
  'готово к выдаче': 'ready',
  'готов к выдаче': 'ready',
  отгружено: 'ready',
  выдано: 'ready',
  отказ: 'refused',
  'отказ поставщика': 'refused',
  'нет в наличии': 'refused',
  снят: 'refused',
  снято: 'refused',
  отменено: 'refused',
  отменён: 'refused',
};

const normalName = (name: string): string => name.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

const NAME_STAGES = new Map(Object.entries(ABCP_STATUS_NAME_STAGES).map(([name, stage]) => [normalName(name), stage]));

export interface StatusCatalogueEntry {
  code: string;
  name: string;
}

/** A code map for one ABCP site from its status list; the statuses whose names are not in the table are listed. */
export function statusMapFromCatalogue(catalogue: readonly StatusCatalogueEntry[]): {
  map: PositionStatusMap;
  unrecognised: StatusCatalogueEntry[];
} {
  const map: Record<string, StatusMapEntry> = {};
  const unrecognised: StatusCatalogueEntry[] = [];
  for (const status of catalogue) {
    const stage = NAME_STAGES.get(normalName(status.name));
    if (stage === undefined) unrecognised.push(status);
    else map[status.code] = stage === 'refused' ? { stage, reason: status.name } : { stage };
  }
  return { map, unrecognised };
}
