import { useCallback, useEffect, useState } from 'react';

export type ToastKind = 'info' | 'success' | 'error';
interface Toast {
  kind: ToastKind;
  text: string;
  id: number;
}

/** Long enough to read the save message twice. */
const SHOWN_MS = 8000;

/** One message at a time, above the page; a new one replaces the last. */
export function useToast() {
  const [toast, setToast] = useState<Toast | null>(null);
  const notify = useCallback((kind: ToastKind, text: string) => setToast({ kind, text, id: Date.now() }), []);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), SHOWN_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  const view = toast && (
    <div key={toast.id} className={`toast ${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      {toast.text}
    </div>
  );
  return { notify, view };
}
