/**
 * The invoices of an event-manager (`GET /connected/me/invoices`): number, date, total (cents / 100 in the
 * invoice's currency, in the user's locale) and the PDF, opened in a new tab through its signed link (the
 * browser opens it directly: the link carries a token valid one hour). An empty state before the first
 * payment.
 */

import type { Invoice } from '@evmap/contract/billing';
import { formatMoney } from '@evmap/contract/billing';
import { Anchor, Text } from '@mantine/core';
import { useMemo } from 'react';
import { DataTable, type DataTableColumn } from '@/components/data-table/data-table';
import { ListStatus } from '@/components/list-status';
import { localeOf } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { useFormatDate } from '@/lib/dates';
import { useInvoices } from '../api/invoices';

/** The columns, in the current language. */
function useInvoiceColumns(): DataTableColumn<Invoice>[] {
  const { t } = useTranslation();
  const lang = useLang();
  const formatDate = useFormatDate();
  return useMemo(
    () => [
      { key: 'number', header: t('invoices.number'), rowHeader: true, cell: (invoice) => invoice.number },
      { key: 'date', header: t('invoices.date'), cell: (invoice) => formatDate(invoice.created) },
      {
        key: 'total',
        header: t('invoices.total'),
        numeric: true,
        cell: (invoice) => formatMoney(invoice.total, invoice.currency, localeOf(lang)),
      },
      {
        key: 'pdf',
        header: t('invoices.pdf'),
        cell: (invoice) => (
          <Anchor
            href={invoice.invoice_pdf}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${t('invoices.pdfLabel', { number: invoice.number })}${t('common.newTab')}`}
          >
            {t('invoices.pdf')}
          </Anchor>
        ),
      },
    ],
    [t, lang, formatDate],
  );
}

/** The invoices part of the account page. */
export function InvoicesSection() {
  const { t } = useTranslation();
  const query = useInvoices();
  const columns = useInvoiceColumns();

  if (!query.data) {
    return (
      <ListStatus
        status={query.isError ? 'error' : 'pending'}
        message={t('invoices.loadFailed')}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        compact
      />
    );
  }
  if (query.data.length === 0) return <Text>{t('invoices.empty')}</Text>;
  return (
    <DataTable
      caption={t('invoices.caption')}
      columns={columns}
      rows={query.data}
      rowKey={(invoice) => invoice.id}
      emptyText={t('invoices.empty')}
      cardsBelow="30em"
    />
  );
}
