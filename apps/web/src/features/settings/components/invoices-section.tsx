/**
 * The invoices of an event-manager (`GET /connected/me/invoices`): number, date, total (cents / 100 in the
 * invoice's currency, in the user's locale) and the PDF, opened in a new tab through its signed link (the
 * browser opens it directly: the link carries a token valid one hour). An empty state before the first
 * payment.
 */
import { formatMoney } from '@evmap/contract/billing';
import { Alert, Anchor, Center, Loader, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useFormatDate } from '@/lib/dates';
import { useInvoices } from '../api/invoices';

/** The invoices part of the account page. */
export function InvoicesSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  const query = useInvoices();

  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('invoices.loadFailed')}
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t('common.loading')} />
      </Center>
    );
  }
  if (query.data.length === 0) return <Text>{t('invoices.empty')}</Text>;

  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped captionSide="top">
        <Table.Caption>{t('invoices.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('invoices.number')}</Table.Th>
            <Table.Th scope="col">{t('invoices.date')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('invoices.total')}
            </Table.Th>
            <Table.Th scope="col">{t('invoices.pdf')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {query.data.map((invoice) => (
            <Table.Tr key={invoice.id}>
              <Table.Th scope="row" fw={400}>
                {invoice.number}
              </Table.Th>
              <Table.Td>{formatDate(invoice.created)}</Table.Td>
              <Table.Td ta="right">{formatMoney(invoice.total, invoice.currency, localeOf(lang))}</Table.Td>
              <Table.Td>
                <Anchor
                  href={invoice.invoice_pdf}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${t('invoices.pdfLabel', { number: invoice.number })}${t('common.newTab')}`}
                >
                  {t('invoices.pdf')}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
