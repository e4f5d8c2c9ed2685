const hex = (channel: string) =>
  Math.max(0, Math.min(255, Math.round(Number(channel))))
    .toString(16)
    .padStart(2, '0');

/**
 * A colour as a colour picker holds it (`#rrggbb`): computed styles read `rgb(255, 0, 0)`, people type `#f00`.
 * Null for what has no such form (transparent, a keyword, a gradient).
 */
export function toHexColor(color: string): string | null {
  const value = color.trim().toLowerCase();
  const rgb =
    /^rgba?\(\s*(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)[\s,]+(\d+(?:\.\d+)?)(?:[\s,/]+(\d*\.?\d+%?))?\s*\)$/.exec(value);
  if (rgb) {
    const alpha = rgb[4];
    if (alpha !== undefined && Number.parseFloat(alpha) === 0) return null;
    return `#${hex(rgb[1]!)}${hex(rgb[2]!)}${hex(rgb[3]!)}`;
  }
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return `#${[...value.slice(1)].map((digit) => digit + digit).join('')}`;
  return null;
}
