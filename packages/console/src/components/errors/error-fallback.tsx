import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** What a crashed page shows: no stack trace, a way out. */
export function ErrorFallback({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('errorPage.title')}
      subTitle={t('errorPage.description')}
      extra={[
        <Button type="primary" key="reload" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>,
        <Button
          key="home"
          href="/"
          onClick={(event) => {
            if (!onReset) return;
            event.preventDefault();
            onReset();
          }}
        >
          {t('actions.backHome')}
        </Button>,
      ]}
    />
  );
}
