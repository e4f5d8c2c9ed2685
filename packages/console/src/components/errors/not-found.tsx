import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

export function NotFound({ title, description }: { title?: ReactNode; description?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title ?? t('notFound.title')}
      subTitle={description ?? t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('actions.backHome')}
        </Button>
      }
    />
  );
}
