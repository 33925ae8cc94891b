/**
 * Accessibility attributes (issue 24) as icon and text, one line each: the step-free answer then the features, in
 * the contract's order. Shared by the event modal and the event list (which reads them from a marker's access mask
 * with accessOfMask). The icons are decorative: the text says everything.
 */
import type { AccessFeature, StepFree } from '@evmap/contract/accessibility';
import { Group, List, Text } from '@mantine/core';
import { Icon } from '@/components/icons';
import { useTranslation } from '@/i18n/use-translation';

const WHEELCHAIR = 'M12 5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM11 8v5h5l2.5 6M11 10.5h5M8.5 10a5.5 5.5 0 1 0 7 7.5';

const PATHS: Record<AccessFeature | 'stepFree', string> = {
  stepFree: WHEELCHAIR,
  washroom:
    'M4 3h16v18H4zM9 8.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM7.5 11h3l-.5 6M15 8.5a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM13.5 11h3v6',
  asl: 'M8 13V5.5a1.5 1.5 0 0 1 3 0V11M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v8a7 7 0 0 1-7 7 5 5 0 0 1-4-2l-3-4a1.5 1.5 0 0 1 2.3-2L8 15',
  lsq: 'M8 13V5.5a1.5 1.5 0 0 1 3 0V11M11 11V4.5a1.5 1.5 0 0 1 3 0V11M14 11V6a1.5 1.5 0 0 1 3 0v8a7 7 0 0 1-7 7 5 5 0 0 1-4-2l-3-4a1.5 1.5 0 0 1 2.3-2L8 15',
  captioning: 'M3 5h18v14H3zM7 11h4M13 11h4M7 15h10',
  assistiveListening: 'M6 9a6 6 0 1 1 12 0c0 3-2 4-3 5.5S13.5 20 11 20a3.5 3.5 0 0 1-3.5-3.5M10 9a2 2 0 1 1 4 0',
  sensoryFriendly: 'M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.5-7 10-7 10z',
  serviceAnimals:
    'M7 9.5a1.5 2 0 1 0 3 0 1.5 2 0 1 0-3 0zM14 9.5a1.5 2 0 1 0 3 0 1.5 2 0 1 0-3 0zM4 13.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zM17 13.5a1.5 1.5 0 1 0 3 0 1.5 1.5 0 1 0-3 0zM12 14c-2.5 0-4.5 2.5-4.5 4.5 0 1.5 1.5 2 4.5 1.5 3 .5 4.5 0 4.5-1.5S14.5 14 12 14z',
  companionFree:
    'M9 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M17 11a2.5 2.5 0 1 0 0-5M21 20c0-2.6-1.6-4.8-4-5.6',
};

/** The icon of an attribute (a step-free answer shares the wheelchair). */
export function AccessIcon({ name, size = 20 }: { name: AccessFeature | 'stepFree'; size?: number }) {
  return (
    <Icon size={size}>
      <path d={PATHS[name]} />
    </Icon>
  );
}

export type AccessibilityListProps = {
  stepFree: StepFree | null;
  features: readonly AccessFeature[];
  /** The list's accessible name (the heading it sits under, for example). */
  label?: string;
  size?: 'xs' | 'sm' | 'md';
};

/** The attributes, one line each (nothing when none is said). */
export function AccessibilityList({ stepFree, features, label, size = 'sm' }: AccessibilityListProps) {
  const { t } = useTranslation();
  const items = [
    ...(stepFree ? [{ key: 'stepFree', icon: 'stepFree' as const, text: t(`access.stepFree.${stepFree}`) }] : []),
    ...features.map((feature) => ({ key: feature, icon: feature, text: t(`access.features.${feature}`) })),
  ];
  if (items.length === 0) return null;
  return (
    <List listStyleType="none" spacing={4} size={size} aria-label={label}>
      {items.map((item) => (
        <List.Item key={item.key}>
          <Group gap={6} wrap="nowrap" component="span">
            <AccessIcon name={item.icon} />
            <Text span size={size}>
              {item.text}
            </Text>
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
