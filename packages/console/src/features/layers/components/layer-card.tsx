import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Layer } from '@tabula/protocol';
import { Alert, Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { describeError } from '../../../lib/form-errors';
import { useDeleteLayer } from '../api/delete-layer';
import { useCanEditLayers } from '../hooks/use-can-edit-layers';
import { freeSlots, slotSegments } from '../utils/slot-geometry';
import { SlotMap } from './slot-map';

interface LayerCardProps {
  projectId: string;
  layer: Layer;
  experimentHref: (key: string) => string;
  onEdit: () => void;
}

const share = (slots: number) => `${Number((slots / 100).toFixed(2))}%`;

export function LayerCard({ projectId, layer, experimentHref, onEdit }: LayerCardProps) {
  const { t } = useTranslation('experiments');
  const canEdit = useCanEditLayers();
  const remove = useDeleteLayer(projectId);
  const free = freeSlots(slotSegments(layer.slots));

  return (
    <Card
      data-testid={`layer-${layer.key}`}
      title={
        <Flex align="center" gap={8}>
          {layer.name}
          <Typography.Text type="secondary" code style={{ fontWeight: 'normal' }}>
            {layer.key}
          </Typography.Text>
        </Flex>
      }
      extra={
        canEdit && (
          <Flex gap={8}>
            <Button size="small" icon={<EditOutlined />} onClick={onEdit} data-testid={`layer-edit-${layer.key}`}>
              {t('layers.edit')}
            </Button>
            <Popconfirm
              title={t('layers.deleteConfirm', { name: layer.name })}
              okText={t('common:actions.delete')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'layer-delete-confirm' }}
              onConfirm={() => remove.mutate(layer.key)}
            >
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                loading={remove.isPending}
                data-testid={`layer-delete-${layer.key}`}
              >
                {t('common:actions.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        )
      }
    >
      {remove.error && (
        <Alert
          type="error"
          showIcon
          role="alert"
          closable={{ onClose: () => remove.reset() }}
          style={{ marginBottom: 16 }}
          data-testid="layer-delete-refused"
          title={t('layers.deleteRefused')}
          description={describeError(remove.error, t)}
        />
      )}
      {layer.description && <Typography.Paragraph type="secondary">{layer.description}</Typography.Paragraph>}
      <SlotMap layer={layer} />
      <Flex vertical gap={8} style={{ marginTop: 16 }}>
        <Typography.Text data-testid={`layer-free-${layer.key}`}>
          {t('layers.freeTotal', { share: share(free) })}
        </Typography.Text>
        {layer.slots.length > 0 && (
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{t('layers.holding')}</Typography.Text>
            {layer.slots.map((slot) => (
              <Tag key={slot.experiment}>
                <Link to={experimentHref(slot.experiment)}>{slot.name}</Link> · {t(`statuses.${slot.status}`)} ·{' '}
                {share(slot.end - slot.start)} ({slot.start}–{slot.end})
              </Tag>
            ))}
          </Flex>
        )}
        {layer.experiments.length > 0 && (
          <Flex gap={8} wrap align="center" data-testid={`layer-waiting-${layer.key}`}>
            <Typography.Text type="secondary">{t('layers.withoutRange')}</Typography.Text>
            {layer.experiments.map((key) => (
              <Tag key={key}>
                <Link to={experimentHref(key)}>{key}</Link>
              </Tag>
            ))}
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
