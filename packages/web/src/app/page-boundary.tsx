import { Component, type ReactNode, Suspense } from 'react';
import { LoadingScreen } from '../ui/loading-screen.tsx';

type Props = { children: ReactNode; resetKey: string; minHeight?: number | string };

/**
 * The loading screen while a page's chunk loads, and its error (reload, logout, support) when the chunk
 * or the page fails, for instance a chunk gone after a deploy; a new location tries again.
 */
export class PageBoundary extends Component<Props, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  render() {
    const { children, minHeight } = this.props;
    if (this.state.failed) return <LoadingScreen timeoutMs={0} minHeight={minHeight} />;
    return <Suspense fallback={<LoadingScreen minHeight={minHeight} />}>{children}</Suspense>;
  }
}
