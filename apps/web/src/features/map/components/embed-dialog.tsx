/**
 * "Embed this map" (issue 26): a dialog that writes the `<iframe>` snippet of the embed page (`/embed?…`) for the
 * current area and filters of the map and the list (day, category, text, accessibility), with the language, the
 * view, the category and the size chosen in a small form, a live preview (the iframe itself) and a copy button.
 */
import { DAY_NOW } from '@evmap/contract/constants';
import type { Lang } from '@evmap/contract/enums';
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo, useReducer, useState } from 'react';
import { i18n, loadShellTexts } from '@/i18n/i18n';
import { useLang } from '@/i18n/use-lang';
import { useTranslation } from '@/i18n/use-translation';
import { type EmbedView, embedPath } from '@/lib/embed-url';
import { useGlobals } from '@/lib/get-globals';
import { useSearchStore } from '../hooks/use-search-store';
import { areaAround } from '../utils/area';
import { todayKey } from '../utils/days';

const SIZE = { min: 240, max: 2000 };
const DEFAULT_SIZE = { width: 600, height: 450 };

/** The snippet's `<iframe>` for an embed address, a size and a title (its text escaped for an attribute). */
export function iframeSnippet(src: string, width: number, height: number, title: string): string {
  const attribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="${width}" height="${height}" style="border:0" loading="lazy"></iframe>`;
}

const clampSize = (value: string | number, fallback: number) => {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.min(SIZE.max, Math.max(SIZE.min, Math.round(number))) : fallback;
};

/** The dialog's form, preview and snippet. */
function EmbedForm() {
  const { t } = useTranslation();
  const appLang = useLang();
  const globals = useGlobals();
  const search = useSearchStore();
  const [lang, setLang] = useState<Lang>(appLang);
  const [view, setView] = useState<EmbedView>('map');
  const storeCategory = globals.data?.categories.find((category) => category.id === search.categoryId)?.handle ?? '';
  // The map's category until one is chosen here (the categories may arrive after the dialog opened).
  const [chosenCategory, setCategory] = useState<string | undefined>(undefined);
  const category = chosenCategory ?? storeCategory;
  const [width, setWidth] = useState<string | number>(DEFAULT_SIZE.width);
  const [height, setHeight] = useState<string | number>(DEFAULT_SIZE.height);
  const [copied, setCopied] = useState(false);

  const src = useMemo(() => {
    const { bounds } = search.area ?? areaAround(search.location);
    const day = search.selectedDay === todayKey() ? null : search.selectedDay;
    return `${window.location.origin}${embedPath({
      lang,
      view,
      category: category || null,
      bounds: { west: bounds.westLng, south: bounds.southLat, east: bounds.eastLng, north: bounds.northLat },
      access: search.access,
      q: search.text,
      day: day === DAY_NOW || day ? day : null,
    })}`;
  }, [search.area, search.location, search.selectedDay, search.access, search.text, lang, view, category]);
  const w = clampSize(width, DEFAULT_SIZE.width);
  const h = clampSize(height, DEFAULT_SIZE.height);
  // The frame's title is in the embed's language, whose texts the page has not loaded when it is not the
  // interface's (a page loads one language's: i18n.ts): they are loaded then, the interface's title until they are in.
  const [, textsLoaded] = useReducer((loads: number) => loads + 1, 0);
  const hasTitle = i18n.exists('embed.frameTitle', { lng: lang });
  useEffect(() => {
    if (!hasTitle) void loadShellTexts(lang).then(textsLoaded, () => undefined);
  }, [lang, hasTitle]);
  const title = hasTitle ? i18n.getFixedT(lang)('embed.frameTitle') : t('embed.frameTitle');
  const snippet = iframeSnippet(src, w, h, title);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Stack gap="sm">
      <Text size="sm">{t('embed.intro')}</Text>
      <Group grow align="flex-start">
        <NativeSelect
          label={t('embed.lang')}
          value={lang}
          onChange={(event) => setLang(event.currentTarget.value === 'en' ? 'en' : 'fr')}
          data={[
            { value: 'fr', label: t('embed.langFr') },
            { value: 'en', label: t('embed.langEn') },
          ]}
        />
        <NativeSelect
          label={t('embed.view')}
          value={view}
          onChange={(event) => setView(event.currentTarget.value === 'list' ? 'list' : 'map')}
          data={[
            { value: 'map', label: t('embed.map') },
            { value: 'list', label: t('embed.list') },
          ]}
        />
      </Group>
      <NativeSelect
        label={t('embed.category')}
        value={category}
        onChange={(event) => setCategory(event.currentTarget.value)}
        data={[
          { value: '', label: t('embed.allCategories') },
          ...(globals.data?.categories ?? []).map((option) => ({
            value: option.handle,
            label: appLang === 'en' ? option.titleEn : option.titleFr,
          })),
        ]}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('embed.width')}
          value={width}
          onChange={setWidth}
          min={SIZE.min}
          max={SIZE.max}
          allowDecimal={false}
          allowNegative={false}
        />
        <NumberInput
          label={t('embed.height')}
          value={height}
          onChange={setHeight}
          min={SIZE.min}
          max={SIZE.max}
          allowDecimal={false}
          allowNegative={false}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('embed.area')}
      </Text>
      <Text fw={600} size="sm" component="h3" m={0}>
        {t('embed.preview')}
      </Text>
      {/* Wider than a phone: the preview scrolls, so it takes the focus (arrow keys scroll it) and is named. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by the keyboard. */}
      <section aria-label={t('embed.preview')} tabIndex={0} style={{ overflow: 'auto', maxWidth: '100%' }}>
        <iframe
          src={src}
          title={t('embed.previewFrame')}
          width={w}
          height={h}
          style={{ border: '1px solid var(--mantine-color-gray-4)', display: 'block' }}
        />
      </section>
      <Textarea
        label={t('embed.snippet')}
        value={snippet}
        readOnly
        autosize
        minRows={3}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group justify="flex-end" gap="sm">
        <Text size="sm" role="status" c="teal.9">
          {copied ? t('embed.copied') : ''}
        </Text>
        <Button onClick={copy}>{t('embed.copy')}</Button>
      </Group>
    </Stack>
  );
}

/** The "Embed this map" button and its dialog. */
export function EmbedButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Group justify="center">
        <Button variant="default" onClick={open}>
          {t('embed.button')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={close}
        size="xl"
        title={t('embed.dialogTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {opened && <EmbedForm />}
      </Modal>
    </>
  );
}
