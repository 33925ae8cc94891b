/** Addresses the shell links to: the legal PDFs, the contact address and the social accounts. */
import type { Lang } from '@evmap/contract/enums';

export type LegalDocument = 'policy' | 'terms';

/** The PDF of a legal document in a language: `/legals/policy/policy-fr.pdf` (built by scripts/legal-pdfs.ts). */
export function legalUrl(document: LegalDocument, lang: Lang): string {
  return `/legals/${document}/${document}-${lang}.pdf`;
}

/** The address of the contact email in the footer. */
export const CONTACT_EMAIL = import.meta.env.VITE_CONTACT_EMAIL?.trim() || 'contact@evmap.ca';

/** The social accounts of the home page footer; set VITE_*_URL at build time to the product's own pages. */
export const SOCIAL_LINKS = {
  facebook: import.meta.env.VITE_FACEBOOK_URL?.trim() || 'https://www.facebook.com/',
  tiktok: import.meta.env.VITE_TIKTOK_URL?.trim() || 'https://www.tiktok.com/',
  instagram: import.meta.env.VITE_INSTAGRAM_URL?.trim() || 'https://www.instagram.com/',
} as const;
