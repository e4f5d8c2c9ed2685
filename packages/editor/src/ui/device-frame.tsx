import { useTranslation } from 'react-i18next';
import { DEVICE_FRAME_ATTRIBUTE } from '../boot/launch';
import type { PageTarget } from '../page/page-target';

/** Spec §2 mobile device: the page again, in a same-origin frame at a phone's width. */
export const PHONE_WIDTH = 375;

export function DeviceFrame({ src, onTarget }: { src: string; onTarget(target: PageTarget | null): void }) {
  const { t } = useTranslation();
  return (
    <div className="device">
      <iframe
        {...{ [DEVICE_FRAME_ATTRIBUTE]: '' }}
        title={t('devices.mobile')}
        src={src}
        width={PHONE_WIDTH}
        onLoad={(event) => {
          const frame = event.currentTarget;
          const page = frame.contentWindow;
          onTarget(page && frame.contentDocument ? { document: frame.contentDocument, window: page, frame } : null);
        }}
      />
    </div>
  );
}
