/** The event modal's address line (its dates: lib/event-dates-display.ts): province unless QC, country unless CA. */
export function placeLine(event: {
  address: string | null;
  city: string | null;
  zipcode: string | null;
  state: string;
  country: string;
}): string {
  const parts = [event.address, event.city, event.zipcode];
  if (event.state && event.state !== 'QC') parts.push(event.state);
  if (event.country && event.country !== 'CA') parts.push(event.country);
  const seen = new Set<string>();
  return parts
    .filter((p): p is string => Boolean(p?.trim()))
    .filter((p) => {
      const key = p.trim().toLowerCase();
      if ([...seen].some((s) => s.includes(key))) return false;
      seen.add(key);
      return true;
    })
    .join(', ');
}
