import type { Layer } from '@tabula/protocol';
import { BUCKETS } from '@tabula/protocol';
import { Flex, Tooltip, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { type SlotSegment, slotSegments } from '../utils/slot-geometry';

// Neighbouring experiments must be told apart at a glance; the palette repeats only past eight in one layer.
const PALETTE = ['#4f46e5', '#0891b2', '#059669', '#d97706', '#db2777', '#7c3aed', '#0d9488', '#ea580c'];
const BAR_HEIGHT = 44;
/** Narrower segments keep their label in the tooltip only. */
const LABEL_MIN_WIDTH = 9;

const percent = (slots: number) => `${Number(((slots / BUCKETS) * 100).toFixed(2))}%`;

export function SlotMap({ layer }: { layer: Layer }) {
  const { t } = useTranslation('experiments');
  const { token } = theme.useToken();
  const segments = slotSegments(layer.slots);
  let held = 0;

  const describe = (segment: SlotSegment) =>
    segment.kind === 'free'
      ? t('layers.map.free', { share: percent(segment.end - segment.start) })
      : t('layers.map.held', {
          name: segment.name,
          status: t(`statuses.${segment.status}`),
          share: percent(segment.end - segment.start),
        });

  return (
    <div>
      <div
        role="img"
        aria-label={segments.map(describe).join('; ')}
        data-testid={`slot-map-${layer.key}`}
        style={{
          position: 'relative',
          height: BAR_HEIGHT,
          borderRadius: token.borderRadius,
          overflow: 'hidden',
          border: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        {segments.map((segment) => {
          const color = segment.kind === 'experiment' ? PALETTE[held++ % PALETTE.length] : undefined;
          const paused = segment.kind === 'experiment' && segment.status === 'paused';
          return (
            <Tooltip
              key={`${segment.start}-${segment.end}`}
              title={`${describe(segment)} · ${segment.start}–${segment.end}`}
            >
              <div
                data-testid={segment.kind === 'free' ? 'slot-free' : `slot-${segment.experiment}`}
                style={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: `${segment.left}%`,
                  width: `${segment.width}%`,
                  background:
                    color ??
                    `repeating-linear-gradient(135deg, ${token.colorFillTertiary} 0 6px, ${token.colorFillQuaternary} 6px 12px)`,
                  opacity: paused ? 0.55 : 1,
                  borderRight: `1px solid ${token.colorBgContainer}`,
                  color: color ? '#fff' : token.colorTextSecondary,
                  display: 'flex',
                  flexDirection: 'column',
                  justifyContent: 'center',
                  padding: '0 8px',
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  fontSize: 12,
                  lineHeight: 1.3,
                }}
              >
                {segment.width >= LABEL_MIN_WIDTH &&
                  (segment.kind === 'free' ? (
                    <span>{t('layers.map.free', { share: percent(segment.end - segment.start) })}</span>
                  ) : (
                    <>
                      <strong style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>{segment.name}</strong>
                      <span>
                        {t(`statuses.${segment.status}`)} · {percent(segment.end - segment.start)}
                      </span>
                    </>
                  ))}
              </div>
            </Tooltip>
          );
        })}
      </div>
      <Flex justify="space-between" style={{ marginTop: 4 }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          0
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {BUCKETS}
        </Typography.Text>
      </Flex>
    </div>
  );
}
