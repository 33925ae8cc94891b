/**
 * The image field of the form kit (spec sections 3 and 5): jpeg or png files uploaded as soon as they
 * are chosen, shown as previews, reordered and removed. The form holds what the server answered:
 * `{ imagePath, imageUrl }[]` in order (the first is the cover) with `multiple`, else one image or null.
 */
import type { UploadFolder } from '@evmap/contract/forms';
import { globalsRoutes } from '@evmap/contract/routes/globals';
import { ActionIcon, Badge, Button, Card, Group, Image, Input, Loader, SimpleGrid, Text } from '@mantine/core';
import { type ChangeEvent, type CSSProperties, useEffect, useId, useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Icon } from '@/components/icons';
import { useTranslation } from '@/i18n/use-translation';
import { ApiError } from '@/lib/api-client';
import { callEndpoint } from '@/lib/endpoint';
import { reportError } from '@/lib/error-reporting';
import { type FieldProps, useFormField } from './use-form-field';

/** An uploaded image as the forms hold it. */
export type UploadedImage = { imagePath: string; imageUrl: string };

/** The image types the server stores (it checks the bytes as well). */
export const IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];

/** Most images of an event (the contract's limit on `images`). */
export const MAX_IMAGES = 10;

/** Uploads one image file into `folder`. */
export async function uploadImage(file: File, folder: UploadFolder): Promise<UploadedImage> {
  const body = new FormData();
  body.append('folder', folder);
  body.append('file', file);
  const { path, url } = await callEndpoint(globalsRoutes.upload, { body });
  return { imagePath: path, imageUrl: url };
}

/** The form value as a list, whichever shape the field has. */
function toList(value: unknown): UploadedImage[] {
  if (Array.isArray(value)) return value as UploadedImage[];
  return value ? [value as UploadedImage] : [];
}

// Hidden but focusable and labelled: the visible button is its <label>, so keyboards and tests reach the input.
const hiddenInput: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

const focusRing: CSSProperties = { outline: '2px solid var(--mantine-primary-color-filled)', outlineOffset: 2 };

const Chevron = ({ left }: { left?: boolean }) => (
  <Icon size={18}>
    <path d={left ? 'm15 18-6-6 6-6' : 'm9 18 6-6-6-6'} />
  </Icon>
);

export type ImageUploadFieldProps = FieldProps & {
  /** Where the server stores the images. */
  folder: UploadFolder;
  /** A list of images (events) rather than one (avatars). */
  multiple?: boolean;
  /** Most images in the list (MAX_IMAGES by default). */
  max?: number;
};

/** Chooses, uploads, orders and removes images; the value is what the server answered for each. */
export function ImageUploadField({ folder, multiple = false, max = MAX_IMAGES, ...props }: ImageUploadFieldProps) {
  const { t } = useTranslation();
  const { field, label, error } = useFormField(props.name, props.label);
  const { getValues } = useFormContext();
  const inputId = useId();
  const root = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<string | null>(null);
  const [pending, setPending] = useState(0);
  const [notice, setNotice] = useState<string>();
  const [focused, setFocused] = useState(false);

  const images = toList(field.value);
  const limit = multiple ? max : 1;
  const disabled = Boolean(props.disabled || field.disabled);
  // A single image is replaced by the next one chosen; a list stops at its limit.
  const room = multiple ? limit - images.length - pending : pending > 0 ? 0 : 1;
  const message = notice ?? error;

  const write = (list: UploadedImage[]) => field.onChange(multiple ? list : (list[0] ?? null));

  // Moving or removing an image re-renders the list: focus goes back to the matching button.
  useEffect(() => {
    const key = focusAfterRender.current;
    if (!key) return;
    focusAfterRender.current = null;
    root.current?.querySelector<HTMLElement>(`[data-focus-key="${key}"]`)?.focus();
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = [...(input.files ?? [])];
    input.value = ''; // so that choosing the same file again is a change
    if (files.length === 0) return;
    const accepted = files.filter((file) => IMAGE_TYPES.includes(file.type));
    const chosen = accepted.slice(0, Math.max(room, 0));
    if (accepted.length < files.length) setNotice(t('imageType', { ns: 'errors' }));
    else if (chosen.length < accepted.length) setNotice(t('imagesField.full', { max: limit }));
    else setNotice(undefined);
    if (chosen.length === 0) return;

    setPending((count) => count + chosen.length);
    const results = await Promise.allSettled(chosen.map((file) => uploadImage(file, folder)));
    setPending((count) => count - chosen.length);
    const uploaded: UploadedImage[] = [];
    for (const result of results) {
      if (result.status === 'fulfilled') uploaded.push(result.value);
      else if (result.reason instanceof ApiError && (result.reason.status === 413 || result.reason.status === 400)) {
        // The file itself was refused (too large, not an image): the user can fix that, so say why.
        setNotice(result.reason.message);
      } else {
        // Spec section 7: other upload failures are logged and reported, and nothing is shown.
        console.error('image upload failed', result.reason);
        reportError(result.reason);
      }
    }
    if (uploaded.length === 0) return;
    // Read now, not when the files were chosen: the list may have changed during the upload.
    const current = multiple ? toList(getValues(props.name)) : [];
    write([...current, ...uploaded].slice(0, limit));
  };

  const move = (from: number, to: number) => {
    const list = [...images];
    const [image] = list.splice(from, 1);
    list.splice(to, 0, image as UploadedImage);
    write(list);
    const direction = to === 0 ? 'later' : to === list.length - 1 ? 'earlier' : to < from ? 'earlier' : 'later';
    focusAfterRender.current = `${direction}-${to}`;
  };

  const remove = (index: number) => {
    const list = images.filter((_, i) => i !== index);
    write(list);
    setNotice(undefined);
    focusAfterRender.current = list.length > 0 ? `remove-${Math.min(index, list.length - 1)}` : 'input';
  };

  const errorId = `${inputId}-error`;
  const descriptionId = `${inputId}-description`;
  const description = props.description ?? (multiple ? t('imagesField.hint', { max: limit }) : undefined);

  return (
    <Input.Wrapper
      ref={root}
      id={inputId}
      label={label}
      description={description}
      withAsterisk={props.required}
      error={message}
      errorProps={{ id: errorId }}
      descriptionProps={{ id: descriptionId }}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
    >
      {images.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 2, sm: 3 }}
          spacing="xs"
          mt="xs"
          style={{ listStyle: 'none', padding: 0 }}
        >
          {images.map((image, index) => {
            const number = index + 1;
            return (
              <Card component="li" key={image.imagePath} withBorder padding={6} radius="md">
                <Card.Section pos="relative">
                  <Image src={image.imageUrl} alt={t('imagesField.imageAlt', { index: number })} h={110} fit="cover" />
                  {multiple && index === 0 && (
                    <Badge pos="absolute" top={6} left={6} size="sm" variant="filled">
                      {t('imagesField.cover')}
                    </Badge>
                  )}
                </Card.Section>
                {!disabled && (
                  <Group gap={4} mt={6} justify="space-between" wrap="nowrap">
                    {multiple && (
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="default"
                          data-focus-key={`earlier-${index}`}
                          aria-label={t('imagesField.moveEarlier', { index: number })}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          <Chevron left />
                        </ActionIcon>
                        <ActionIcon
                          variant="default"
                          data-focus-key={`later-${index}`}
                          aria-label={t('imagesField.moveLater', { index: number })}
                          disabled={index === images.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          <Chevron />
                        </ActionIcon>
                      </Group>
                    )}
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      data-focus-key={`remove-${index}`}
                      aria-label={t('imagesField.remove', { index: number })}
                      onClick={() => remove(index)}
                    >
                      <Icon size={18}>
                        <path d="M18 6 6 18M6 6l12 12" />
                      </Icon>
                    </ActionIcon>
                  </Group>
                )}
              </Card>
            );
          })}
        </SimpleGrid>
      )}
      <Group gap="sm" mt="xs" pos="relative">
        <input
          id={inputId}
          data-focus-key="input"
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple={multiple}
          disabled={disabled || room <= 0}
          onChange={choose}
          // Browsers open a file input's chooser on Space, not on Enter: both answer, as for any button. Chromium
          // opens no chooser from inside a keydown handler, so the click comes right after it.
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const input = event.currentTarget;
            window.setTimeout(() => input.click(), 0);
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          aria-invalid={message ? true : undefined}
          aria-describedby={[description && descriptionId, message && errorId].filter(Boolean).join(' ') || undefined}
          style={hiddenInput}
        />
        <Button
          component="label"
          htmlFor={inputId}
          variant="light"
          disabled={disabled || room <= 0}
          style={focused ? focusRing : undefined}
          leftSection={
            <Icon size={18}>
              <path d="M12 16V4m-5 5 5-5 5 5M4 20h16" />
            </Icon>
          }
        >
          {multiple ? t('imagesField.add') : t('imagesField.addOne')}
        </Button>
        {/* Always present, so that screen readers announce the upload and the new count. */}
        <Group gap={6} role="status">
          {pending > 0 ? (
            <>
              <Loader size="xs" />
              <Text size="sm">{t('imagesField.uploading')}</Text>
            </>
          ) : (
            multiple && (
              <Text size="sm" c="dimmed">
                {t('imagesField.count', { number: images.length, max: limit })}
              </Text>
            )
          )}
        </Group>
      </Group>
    </Input.Wrapper>
  );
}
