/** A unique constraint refused the row (SQLSTATE 23505); drizzle wraps the driver's error, so causes are searched. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; typeof current === 'object' && current !== null; current = (current as Error).cause) {
    if ('code' in current && current.code === '23505') return true;
  }
  return false;
}
