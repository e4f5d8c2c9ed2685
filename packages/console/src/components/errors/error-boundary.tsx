import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

interface State {
  error: Error | null;
}

/** The last line of defence for errors outside the router (which has its own error element). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Console crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <ErrorFallback />;
    return this.props.children;
  }
}
