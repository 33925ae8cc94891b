/** Whether If-None-Match names the ETag (a list, weak validators and `*` included, as RFC 9110 says). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
