/** Texts of invoices and billing mails, in the customer's language. */
import type { Lang } from '@evmap/contract/enums';

/** A day as YYYY-MM-DD in Eastern time, where the business keeps its books. */
export function billingDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

export function unitLineText(lang: Lang, title: string): string {
  return lang === 'fr'
    ? `Publication d'un événement (forfait à l'unité) : ${title}`
    : `Event publication (unit plan): ${title}`;
}

export function completeLineText(lang: Lang, start: Date, end: Date): string {
  return lang === 'fr'
    ? `Forfait complet, du ${billingDay(start)} au ${billingDay(end)}`
    : `Complete plan, ${billingDay(start)} to ${billingDay(end)}`;
}

export const PDF_LABELS = {
  en: {
    invoice: 'Invoice',
    number: 'Invoice number',
    date: 'Date',
    status: 'Status',
    paid: 'Paid',
    billedTo: 'Billed to',
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    subtotal: 'Subtotal',
    total: 'Total',
    currency: 'All amounts in Canadian dollars (CAD).',
    reference: 'Payment reference',
    gstHstNumber: 'GST/HST registration no.',
    qstNumber: 'QST registration no.',
  },
  fr: {
    invoice: 'Facture',
    number: 'Numéro de facture',
    date: 'Date',
    status: 'Statut',
    paid: 'Payée',
    billedTo: 'Facturé à',
    description: 'Description',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    subtotal: 'Sous-total',
    total: 'Total',
    currency: 'Tous les montants sont en dollars canadiens (CAD).',
    reference: 'Référence du paiement',
    gstHstNumber: 'N° d’inscription TPS/TVH',
    qstNumber: 'N° d’inscription TVQ',
  },
} as const satisfies Record<Lang, Record<string, string>>;

/** French tax names on French invoices. */
export function taxLabel(lang: Lang, name: string): string {
  if (lang !== 'fr') return name;
  return ({ GST: 'TPS', HST: 'TVH', QST: 'TVQ', PST: 'TVP' } as Record<string, string>)[name] ?? name;
}

export type MailText = { subject: string; paragraphs: string[]; action: { label: string; url: string } };

export function trialEndedMail(lang: Lang, plansUrl: string): MailText {
  return lang === 'fr'
    ? {
        subject: 'Votre essai gratuit EventMap est terminé',
        paragraphs: [
          'Bonjour,',
          'Votre essai gratuit est terminé. Vos événements restent en ligne, mais pour en publier ou en modifier, choisissez un forfait.',
        ],
        action: { label: 'Choisir un forfait', url: plansUrl },
      }
    : {
        subject: 'Your EventMap free trial has ended',
        paragraphs: [
          'Hello,',
          'Your free trial has ended. Your events stay online; to publish or change events, choose a plan.',
        ],
        action: { label: 'Choose a plan', url: plansUrl },
      };
}

export function renewalFailedMail(lang: Lang, accountUrl: string, graceEnds: Date): MailText {
  return lang === 'fr'
    ? {
        subject: 'Le paiement de votre forfait complet EventMap a échoué',
        paragraphs: [
          'Bonjour,',
          "Nous n'avons pas pu renouveler votre forfait complet avec votre carte enregistrée. Nous réessaierons chaque jour.",
          `Sans paiement d'ici le ${billingDay(graceEnds)}, le forfait sera annulé et vos événements prévus après la date de renouvellement seront supprimés.`,
        ],
        action: { label: 'Mettre à jour ma carte', url: accountUrl },
      }
    : {
        subject: 'The payment for your EventMap complete plan failed',
        paragraphs: [
          'Hello,',
          'We could not renew your complete plan with your saved card. We will try again every day.',
          `Without a payment by ${billingDay(graceEnds)}, the plan will be canceled and your events scheduled after the renewal date will be deleted.`,
        ],
        action: { label: 'Update my card', url: accountUrl },
      };
}

export function planCanceledMail(lang: Lang, plansUrl: string): MailText {
  return lang === 'fr'
    ? {
        subject: 'Votre forfait complet EventMap a été annulé',
        paragraphs: [
          'Bonjour,',
          'Faute de paiement, votre forfait complet a été annulé et vos événements prévus après la date de renouvellement ont été supprimés. Vous pouvez choisir un forfait à tout moment.',
        ],
        action: { label: 'Choisir un forfait', url: plansUrl },
      }
    : {
        subject: 'Your EventMap complete plan was canceled',
        paragraphs: [
          'Hello,',
          'Without payment, your complete plan was canceled and your events scheduled after the renewal date were deleted. You can choose a plan at any time.',
        ],
        action: { label: 'Choose a plan', url: plansUrl },
      };
}
