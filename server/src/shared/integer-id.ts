// The largest value of an `integer` id column; a larger id names no row, and PostgreSQL would reject it as a
// parameter of an integer comparison rather than find nothing.
const INTEGER_ID_MAX = 2_147_483_647;

/** True when `id` can be the value of an `integer` id column. */
export const fitsIntegerId = (id: number): boolean => Number.isSafeInteger(id) && id >= 1 && id <= INTEGER_ID_MAX;
