import { z } from 'zod';

/**
 * From a supplier's position status to quantities (decision 0047). The map is data, one per adapter: the
 * supplier's status code -> the stage it means for the shop. ABCP sites name their own statuses (each site's codes
 * are its own), so a supplier on ABCP may carry a map of its own; the adapter's is the default.
 */

/**
 * - `ordered`: placed, the supplier has not answered yet;
 * - `confirmed`: the supplier took it (ordered from its own source, on the way);
 * - `ready`: the supplier has it for the shop (at its warehouse, ready to hand over, or handed over);
 * - `refused`: the supplier will not deliver it.
 */
export const POSITION_STAGES = ['ordered', 'confirmed', 'ready', 'refused'] as const;
export type PositionStage = (typeof POSITION_STAGES)[number];

const statusMapEntrySchema = z.object({
  stage: z.enum(POSITION_STAGES, { error: 'Этап: ordered, confirmed, ready или refused' }),
  /** For `refused`: the reason shown to the staff (default: the supplier's own status name). */
  reason: z.string().trim().min(1).max(200).optional(),
});
export type StatusMapEntry = z.infer<typeof statusMapEntrySchema>;

/** A map as stored or typed by the staff: status codes (as text) to stages. */
export const positionStatusMapSchema = z.record(z.string().trim().min(1).max(50), statusMapEntrySchema);
export type PositionStatusMap = Readonly<Record<string, StatusMapEntry>>;

/** A position as the supplier reports it. */
export interface ReportedPosition {
  /** What was ordered. */
  orderedQuantity: number;
  /** What the supplier keeps on the position now (less than ordered when it cut the quantity). */
  currentQuantity: number;
  statusCode: string;
  statusName: string;
}

export interface PositionQuantities {
  ordered: number;
  confirmed: number;
  refused: number;
  ready: number;
  refusalReason: string | null;
  statusUnknown: boolean;
}

export const QUANTITY_CUT_REASON = 'Поставщик уменьшил количество';

/**
 * The quantities of one position. A status the map does not know counts as `ordered` (nothing confirmed, nothing
 * refused) and is flagged, so that an unknown status never invents a delivery or a refusal. A quantity the
 * supplier cut is refused whatever the status (the rest follows the status).
 */
export function positionQuantities(position: ReportedPosition, map: PositionStatusMap): PositionQuantities {
  const ordered = Math.max(0, position.orderedQuantity);
  const current = Math.min(ordered, Math.max(0, position.currentQuantity));
  const cut = ordered - current;
  const entry = Object.hasOwn(map, position.statusCode) ? map[position.statusCode] : undefined;
  const stage: PositionStage = entry?.stage ?? 'ordered';
  const result: PositionQuantities = {
    ordered,
    confirmed: 0,
    refused: cut,
    ready: 0,
    refusalReason: cut > 0 ? QUANTITY_CUT_REASON : null,
    statusUnknown: entry === undefined,
  };
  if (stage === 'refused') {
    result.refused = ordered;
    result.refusalReason = entry?.reason ?? (position.statusName || position.statusCode);
  } else if (stage === 'confirmed') {
    result.confirmed = current;
  } else if (stage === 'ready') {
    result.confirmed = current;
    result.ready = current;
  }
  return result;
}
