/** PostgreSQL's unique_violation (23505), thrown by the driver itself or wrapped by Drizzle as the cause. */
export const isUniqueViolation = (error: unknown): boolean => {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  return (error as { code?: unknown }).code === '23505' || cause?.code === '23505';
};
