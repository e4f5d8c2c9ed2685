import { useEffect } from 'react';

/** Alt+Shift+D: no browser binds it, and it is the same on every keyboard layout's D key. */
export const isDevtoolShortcut = (event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>) =>
  event.altKey && event.shiftKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyD';

export function useDevtoolShortcut(onPress: () => void): void {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (!isDevtoolShortcut(event)) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onPress]);
}
