/**
 * One plan of section 9 as a card: its name, price (with the taxes of the user's province when known), what it
 * allows and does not, whether it is the current plan (said in words, not by colour alone) and its action.
 */
import type { Province } from '@evmap/contract/enums';
import { Badge, Group, List, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Icon } from '@/components/icons';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { type OfferedPlan, planFeatures } from '../utils/plan-rules';
import { planPriceView } from '../utils/prices';

const CheckIcon = () => (
  <Icon size={18} color="var(--mantine-color-green-8)">
    <path d="M5 12l5 5 9-10" />
  </Icon>
);
const CrossIcon = () => (
  <Icon size={18} color="var(--mantine-color-gray-7)">
    <path d="M6 6l12 12M18 6L6 18" />
  </Icon>
);

/** The price lines of a paid plan: the price before tax, then "GST 5% + QST 9.975%: total $40.23". */
function PriceLines({ plan, province }: { plan: 'unit' | 'complete'; province: Province | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const view = planPriceView(plan, province, lang);
  const taxes = view.taxes.map((tax) => `${t(`plans.taxNames.${tax.name}`)} ${tax.rate}`).join(' + ');
  return (
    <Stack gap={2}>
      <Text fw={700} size="lg">
        {t(`plans.price.${plan}`, { price: view.price })}
      </Text>
      {view.total && (
        <Text size="sm" data-tax-line>
          {t('plans.taxLine', { taxes, total: view.total })}
        </Text>
      )}
    </Stack>
  );
}

export type PlanCardProps = {
  plan: OfferedPlan | 'free-complete';
  province: Province | null;
  current: boolean;
  /** Under the features: the trial texts, the trial's end date. */
  details?: ReactNode;
  /** The choose button, or a note saying why the plan cannot be chosen. */
  action?: ReactNode;
};

/** A plan as a titled region of the page. */
export function PlanCard({ plan, province, current, details, action }: PlanCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const priced = plan === 'free-complete' || plan === 'trial' ? null : plan;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p="lg"
      data-plan={plan}
      data-current={current || undefined}
      style={current ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Title order={3} size="h4" id={titleId}>
            {t(`plans.names.${plan}`)}
          </Title>
          {current && <Badge variant="filled">{t('plans.currentBadge')}</Badge>}
        </Group>
        {priced ? (
          <PriceLines plan={priced} province={province} />
        ) : (
          <Text fw={700} size="lg">
            {t('plans.free')}
          </Text>
        )}
        <List spacing={4} size="sm" listStyleType="none" p={0}>
          {planFeatures(plan).map(({ key, included }) => (
            <List.Item key={key} icon={included ? <CheckIcon /> : <CrossIcon />}>
              <VisuallyHidden>{included ? t('plans.included') : t('plans.notIncluded')} </VisuallyHidden>
              {t(`plans.features.${key}`)}
            </List.Item>
          ))}
        </List>
        {details}
        {action && <Group mt="auto">{action}</Group>}
      </Stack>
    </Paper>
  );
}
