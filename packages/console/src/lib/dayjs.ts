import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import 'dayjs/locale/zh-cn';
import duration from 'dayjs/plugin/duration';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';

/** Spec §2: date handling is extended with the duration feature before the app loads. */
export function extendDayjs(): void {
  dayjs.extend(duration);
  dayjs.extend(relativeTime);
  dayjs.extend(localizedFormat);
}

const DAYJS_LOCALES: Record<string, string> = { en: 'en', 'zh-CN': 'zh-cn', ja: 'ja' };

export function setDayjsLocale(language: string): void {
  dayjs.locale(DAYJS_LOCALES[language] ?? 'en');
}
