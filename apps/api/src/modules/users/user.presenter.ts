/** The user as the API shows it: the fields of spec section 3, never the hash, tokens or internal columns. */
import type { PlanType } from '@evmap/contract/enums';
import type { User } from '@evmap/contract/users';
import { imageKey } from '../../lib/images';
import type { FileStorage } from '../../lib/storage';
import type { UserRow } from '../../plugins/auth';

const AVATAR_WIDTH = 512;

export function userImageUrl(row: Pick<UserRow, 'imagePath' | 'imageFormats'>, storage: FileStorage): string | null {
  if (!row.imagePath) return null;
  const formats = row.imageFormats.length > 0 ? row.imageFormats : [AVATAR_WIDTH];
  const fitting = formats.filter((w) => w <= AVATAR_WIDTH);
  const width = fitting.length > 0 ? Math.max(...fitting) : Math.min(...formats);
  return storage.url(imageKey(row.imagePath, width));
}

export function presentUser(row: UserRow, storage: FileStorage): User {
  return {
    id: row.id,
    name: row.name,
    ...(row.type === 'event-manager' && row.handle ? { handle: row.handle } : {}),
    email: row.email,
    unverifiedEmail: row.unverifiedEmail,
    preferredLang: row.preferredLang === 'fr' ? 'fr' : 'en',
    type: row.type === 'event-manager' ? 'event-manager' : 'viewer',
    isAdmin: row.isAdmin,
    phoneNumber: row.phoneNumber,
    website: row.website,
    address: row.address,
    city: row.city,
    zipcode: row.zipcode,
    state: row.state,
    country: row.country,
    billingAddress: row.billingAddress,
    billingCity: row.billingCity,
    billingZipcode: row.billingZipcode,
    billingState: row.billingState,
    billingCountry: row.billingCountry,
    planType: (row.planType as PlanType | null) ?? null,
    trialEndedAt: row.trialEndedAt?.toISOString() ?? null,
    acceptTerms: row.acceptTerms,
    acceptCommunications: row.acceptCommunications,
    imagePath: row.imagePath,
    imageUrl: userImageUrl(row, storage),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
