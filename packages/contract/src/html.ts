/**
 * Text made safe for HTML (and XML: SVG, the sitemap) element content and quoted attribute values: the one
 * escaper of the API's mails and pages and of the web app's markers built as HTML strings.
 */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
