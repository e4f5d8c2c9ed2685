import { theme } from 'antd';
import { type Tone, toneColour } from '../utils/verdict';

const WIDTH = 110;
const HEIGHT = 18;
const PAD = 6;

interface IntervalBarProps {
  estimate: number | null;
  ci: readonly [number | null, number | null];
  /** The largest distance from zero drawn in this metric's table, so its rows share one scale. */
  scale: number;
  tone: Tone;
  label: string;
}

/** The interval as a bar against a zero line: a bar clear of the line is a difference the data supports. */
export function IntervalBar({ estimate, ci: [lower, upper], scale, tone, label }: IntervalBarProps) {
  const { token } = theme.useToken();
  if (lower === null || upper === null || !(scale > 0)) return null;
  const x = (value: number) => WIDTH / 2 + (value / scale) * (WIDTH / 2 - PAD);
  const colour = toneColour(tone, token);
  return (
    <svg width={WIDTH} height={HEIGHT} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label}>
      <line x1={WIDTH / 2} x2={WIDTH / 2} y1={0} y2={HEIGHT} stroke={token.colorTextQuaternary} strokeWidth={1} />
      <rect
        x={x(lower)}
        y={HEIGHT / 2 - 3}
        width={Math.max(x(upper) - x(lower), 1)}
        height={6}
        rx={3}
        fill={colour}
        opacity={0.45}
      />
      {estimate !== null && <circle cx={x(estimate)} cy={HEIGHT / 2} r={4} fill={colour} />}
    </svg>
  );
}

/** The table's shared scale: the farthest interval end or estimate from zero. */
export function intervalScale(rows: { estimate: number | null; ci: readonly [number | null, number | null] }[]) {
  const ends = rows.flatMap(({ estimate, ci }) => [estimate, ...ci]).filter((value) => value !== null);
  return Math.max(0, ...ends.map((value) => Math.abs(value)));
}
