import { Component, type ReactNode } from 'react';
import { useLocation, type Location } from 'react-router';
import { RouteError } from './RouteError';

type Props = { children: ReactNode };
type BoundaryProps = Props & { location: Location };
type BoundaryState = { failed: boolean; error: unknown; location: Location };

/**
 * RouteErrorBoundary shows RouteError in place of its children when one of
 * them throws while rendering (a page's bug, or a page's chunk that failed to
 * load), and tries the children again on the next navigation.
 */
export function RouteErrorBoundary({ children }: Props) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  state: BoundaryState = { failed: false, error: undefined, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location !== state.location) return { failed: false, error: undefined, location: props.location };
    return null;
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
