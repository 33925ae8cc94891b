import { Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';

/**
 * A page's main heading, also used as the document title ("Settings · EventMap"). After a navigation in
 * the app (a link, a redirect after a save) the focus moves to it, so keyboard and screen reader users
 * start reading the new page at its top instead of from the document's body; a first load or the back
 * button leaves the focus to the browser.
 */
export function PageHeading({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigationType = useNavigationType();
  const { pathname } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
    return () => {
      document.title = t('app.name');
    };
  }, [title, t]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the page appears, or its path changes (not its hash)
  useEffect(() => {
    if (navigationType === 'POP') return;
    // A dialog opened with the page (a forced verification) keeps its focus.
    if (document.activeElement?.closest('[role="dialog"]')) return;
    heading.current?.focus({ preventScroll: false });
  }, [pathname]);
  return (
    <Title ref={heading} order={1} size="h2" mb="md" tabIndex={-1} style={{ outlineOffset: 4 }}>
      {title}
    </Title>
  );
}
