import { useTranslation } from 'react-i18next';
import { DEVICE_FRAME_ATTRIBUTE } from '../boot/launch';
import type { PageTarget } from '../page/page-target';

/** Spec §2 mobile device: the page again, in a same-origin frame at a phone's width. */
export const PHONE_WIDTH = 375;

interface DeviceFrameProps {
  src: string;
  /** `phone`: at a phone's width; `docked`: in all the room beside the panel, as a visitor's window that wide. */
  layout: 'phone' | 'docked';
  /** The side the panel is on: the frame keeps clear of it. */
  dock: 'left' | 'right';
  onTarget(target: PageTarget | null): void;
}

/** The page again, in a same-origin frame: at a phone's width, or laid out beside the panel for preview. */
export function DeviceFrame({ src, layout, dock, onTarget }: DeviceFrameProps) {
  const { t } = useTranslation();
  return (
    <div className={`device ${layout}`} data-dock={dock}>
      <iframe
        {...{ [DEVICE_FRAME_ATTRIBUTE]: '' }}
        title={t(layout === 'phone' ? 'devices.mobile' : 'modes.preview')}
        src={src}
        width={layout === 'phone' ? PHONE_WIDTH : undefined}
        onLoad={(event) => {
          const frame = event.currentTarget;
          const page = frame.contentWindow;
          onTarget(page && frame.contentDocument ? { document: frame.contentDocument, window: page, frame } : null);
        }}
      />
    </div>
  );
}
