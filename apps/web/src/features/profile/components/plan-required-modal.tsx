/** The plan-required popup of the event-manager page (spec section 4): choose a plan before managing events. */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '@/i18n/use-translation';
import { PATHS } from '@/lib/paths';
import type { PlanRequirement } from '../utils/plan-requirement';

export type PlanRequiredModalProps = {
  /** Why a plan is required; nothing is shown without a requirement. */
  requirement: PlanRequirement;
  opened: boolean;
  onClose: () => void;
};

/** "Select a plan first" (no plan, or canceled) or "your trial is finished", with a link to the plans page. */
export function PlanRequiredModal({ requirement, opened, onClose }: PlanRequiredModalProps) {
  const { t } = useTranslation();
  if (!requirement) return null;
  const trialEnded = requirement === 'trial-ended';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      centered
      title={trialEnded ? t('profile.plan.trialTitle') : t('profile.plan.selectTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text>{trialEnded ? t('profile.plan.trialText') : t('profile.plan.selectText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('profile.plan.later')}
          </Button>
          <Button component={Link} to={PATHS.plans} data-autofocus>
            {t('profile.plan.choose')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
