/**
 * `/profile/me/account`: the account form (spec sections 3 and 5) and, for an event-manager, the plan,
 * the payment card and the invoices (sections 4, 8 and 9), and its calendars (issue 25).
 */
import { Stack } from '@mantine/core';
import { PageHeading } from '@/components/page-heading';
import { useTranslation } from '@/i18n/use-translation';
import { useSession } from '@/lib/session';
import { AccountCompleteness } from './account-completeness';
import { AccountForm } from './account-form';
import { AccountSection } from './account-section';
import { CalendarsSection } from './calendars-section';
import { InvoicesSection } from './invoices-section';
import { PaymentCardSection } from './payment-card-section';
import { SubscriptionSection } from './subscription-section';

/** The account page of the signed-in user (the route guard waits for the session). */
export function AccountPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);

  return (
    <>
      <PageHeading title={t('pages.account')} />
      {user && (
        <Stack gap="lg">
          <AccountSection title={t('account.title')}>
            <AccountCompleteness user={user} />
            {/* A new form per account: another user signing in in this tab starts from their values. */}
            <AccountForm key={user.id} user={user} />
          </AccountSection>
          {user.type === 'event-manager' && (
            <>
              <AccountSection title={t('subscription.title')}>
                <SubscriptionSection />
              </AccountSection>
              <AccountSection title={t('card.title')}>
                <PaymentCardSection />
              </AccountSection>
              <AccountSection title={t('invoices.title')}>
                <InvoicesSection />
              </AccountSection>
              <AccountSection title={t('calendars.title')}>
                <CalendarsSection user={user} />
              </AccountSection>
            </>
          )}
        </Stack>
      )}
    </>
  );
}
