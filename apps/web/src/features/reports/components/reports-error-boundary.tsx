import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ReportsErrorBoundaryProps {
  /** 'Something went wrong in the reports page.' in the current language. */
  message: string;
  children: ReactNode;
}

/** Spec §2 Reports: a rendering crash shows 'Something went wrong in the reports page.'. */
export class ReportsErrorBoundary extends Component<
  ReportsErrorBoundaryProps,
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Reports page crashed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <p role="alert" className="py-10 text-center text-red-600 dark:text-red-400">
          {this.props.message}
        </p>
      );
    }
    return this.props.children;
  }
}
