/** North American phone numbers as typed in forms: `(XXX) XXX-XXXX` shown, digits stored (spec section 5). */

/** The digits of a typed number, at most 10 (a leading 1 country code is dropped once 11 digits are typed). */
export function phoneDigits(value: string | null | undefined): string {
  const digits = (value ?? '').replace(/\D/g, '');
  return (digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits).slice(0, 10);
}

/** Digits shown as `(XXX) XXX-XXXX`, as far as they go: `514` → `(514`, `5145551` → `(514) 555-1`. */
export function formatPhone(value: string | null | undefined): string {
  const d = phoneDigits(value);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}
