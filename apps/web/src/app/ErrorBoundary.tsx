// Catches a render failure of the page below it, so one broken panel does not blank the whole app. React logs the
// caught error itself; this adds nothing to the console. The shell keys it by page, so navigating away resets it.
import { Component, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="error" style={{ padding: '1rem' }}>
        <p>Something went wrong on this page.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
}
