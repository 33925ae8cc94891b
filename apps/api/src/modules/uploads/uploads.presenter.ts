/** The upload result of spec section 3: url (largest stored width) and path. */
import type { UploadResult } from '@evmap/contract/forms';
import type { StoredImage } from '../../lib/images';

export function presentUpload(stored: StoredImage): UploadResult {
  return { url: stored.url, path: stored.path };
}
