/**
 * Its children once the page has painted (afterNextPaint), a loader until then: the screen's heading and frame show
 * as soon as their own code has loaded, and what is heavy below them (a form, its fields and schemas: lazy modules
 * among `children`) starts loading and rendering after that first paint instead of delaying it.
 */
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterNextPaint } from '@/lib/after-next-paint';
import { Spinner } from './spinner';

export function AfterPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted ? <Suspense fallback={<Spinner />}>{children}</Suspense> : <Spinner />;
}
