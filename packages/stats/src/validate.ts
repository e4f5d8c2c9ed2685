// Argument checks shared by the public functions. A caller's mistake throws a RangeError naming the argument;
// data that merely cannot support an answer yet (too few units, no variance) yields NaN fields instead.

export function requireFinite(name: string, value: number): void {
  if (!Number.isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${value}`);
}

export function requireUnitCount(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

export function requireOpenUnitInterval(name: string, value: number): void {
  if (!(value > 0 && value < 1)) throw new RangeError(`${name} must lie strictly between 0 and 1, got ${value}`);
}

export function requirePositive(name: string, value: number): void {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a positive finite number, got ${value}`);
}

// Below 0.5 a decision would call a version better while it is more likely worse.
export function requireDecisionThreshold(value: number): void {
  if (!(value > 0.5 && value < 1)) throw new RangeError(`threshold must lie strictly between 0.5 and 1, got ${value}`);
}
