import type { User } from '@evmap/contract/users';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { useTranslation } from '@/i18n/use-translation';
import { ContractFormView } from '@/lib/form/contract-form';
import { ImageUploadField } from '@/lib/form/image-upload-field';
import { useContractForm } from '@/lib/form/use-contract-form';
import { toast } from '@/lib/toast';
import { useUpdateMe } from '../api/update-me';

/** The form value: the stored image as the upload answered it, or none. */
const avatarFormSchema = z.object({
  avatar: z.object({ imagePath: z.string(), imageUrl: z.string() }).nullable(),
});

/**
 * The avatar (spec section 2): a jpeg or png uploaded into `users` as soon as it is chosen, then
 * attached with `PUT /connected/me { imagePath }`; removing it sends `imagePath: null`. The session
 * gets the answer, so the header's avatar changes at once.
 */
export function AvatarForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const updateMe = useUpdateMe();
  const { form, onSubmit, formMessage } = useContractForm({
    schema: avatarFormSchema,
    defaultValues: {
      avatar: user.imagePath && user.imageUrl ? { imagePath: user.imagePath, imageUrl: user.imageUrl } : null,
    },
    submit: ({ avatar }) => updateMe.mutateAsync({ imagePath: avatar?.imagePath ?? null }),
    onSuccess: (updated) => toast.success(t(updated.imagePath ? 'settings.avatarSaved' : 'settings.avatarRemoved')),
    serverField: (key) => (key === 'imagePath' ? 'avatar' : undefined),
  });

  // There is nothing else to fill in: each change of the image is saved as it happens.
  const submitLatest = useRef(onSubmit);
  submitLatest.current = onSubmit;
  useEffect(() => {
    const subscription = form.watch((_values, { name }) => {
      if (name === 'avatar') void submitLatest.current();
    });
    return () => subscription.unsubscribe();
  }, [form]);

  return (
    <ContractFormView form={form} onSubmit={onSubmit} formMessage={formMessage}>
      <ImageUploadField name="avatar" folder="users" description={t('settings.avatarHint')} />
    </ContractFormView>
  );
}
