import { DIAGNOSTICS_WINDOWS_DAYS, type DiagnosticsWindow } from '@tabula/protocol';
import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';

/** How far back the diagnostics look. */
export function WindowSelect({
  value,
  onChange,
}: {
  value: DiagnosticsWindow;
  onChange: (days: DiagnosticsWindow) => void;
}) {
  const { t } = useTranslation('platform');
  return (
    <Segmented
      data-testid="diagnostics-window"
      value={value}
      onChange={onChange}
      options={DIAGNOSTICS_WINDOWS_DAYS.map((days) => ({ value: days, label: t(`diagnostics.windows.${days}`) }))}
    />
  );
}
