import type { Reporter } from './reporter';

function describeReason(reason: unknown): { message: string; stack: string | null } {
  if (reason instanceof Error) return { message: `${reason.name}: ${reason.message}`, stack: reason.stack ?? null };
  return { message: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)), stack: null };
}

/** Spec §7: uncaught errors and unhandled rejections of the console's page. */
export function watchGlobalErrors(target: Window, reporter: Pick<Reporter, 'error'>): () => void {
  const onError = (event: ErrorEvent) => {
    const { message, stack } = event.error === undefined ? describeReason(event.message) : describeReason(event.error);
    reporter.error('error', message || event.message, stack);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    const { message, stack } = describeReason(event.reason);
    reporter.error('rejection', message, stack);
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
