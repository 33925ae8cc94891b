/** The map's own error boundary: a failing map leaves the rest of the page usable. */
import { Alert } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { dismissMapPreview } from '@/boot/map-preview-dom';
import { reportError } from '@/lib/error-reporting';

type Props = { fallback: ReactNode; children: ReactNode };

/** Shows `fallback` instead of a map that failed. */
export class MapErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    // The boot script's still preview of the map must not pass for a working map.
    dismissMapPreview();
    reportError(error);
  }

  override render() {
    return this.state.failed ? <Alert color="red">{this.props.fallback}</Alert> : this.props.children;
  }
}
