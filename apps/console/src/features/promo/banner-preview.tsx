import { DEFAULT_PICKER_COLOR } from '@kids-vod/contract';
import { Box, Group, Image, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { isHexColour, readableTextColour } from './colours.ts';

export interface BannerLook {
  title: string;
  image_url: string | null;
  bg_color: string;
  button_color: string;
  button_text: string;
}

/** While a colour is being typed (#1c2…), the banner keeps the last complete one instead of flashing white. */
function useLastValidColour(value: string): string {
  const last = useRef(isHexColour(value) ? value : DEFAULT_PICKER_COLOR);
  if (isHexColour(value)) last.current = value;
  return last.current;
}

/**
 * A promo banner as the app shows it: its background colour, title and picture, and a button in the
 * button colour with its text. Text is dark or light, whichever reads better on the colour under it.
 * `placeholders` shows italic hints for an empty title or button text (in the editor's live preview).
 */
export function BannerPreview({
  banner,
  label,
  placeholders = false,
  testId,
}: {
  banner: BannerLook;
  label: string;
  placeholders?: boolean;
  testId?: string;
}) {
  const background = useLastValidColour(banner.bg_color);
  const buttonColour = useLastValidColour(banner.button_color);
  const text = readableTextColour(background);
  const buttonText = readableTextColour(buttonColour);
  const title = banner.title.trim();
  const button = banner.button_text.trim();
  // A button the colour of the banner needs an outline to be seen at all.
  const outline = buttonColour === background ? `1px solid ${text}` : 'none';

  return (
    <Box
      component="figure"
      aria-label={label}
      data-testid={testId}
      m={0}
      p="md"
      // The same height with or without a picture (100 px, the padding and the border).
      mih={136}
      style={{
        backgroundColor: background,
        color: text,
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
        overflow: 'hidden',
      }}
    >
      <Group wrap="nowrap" align="center" gap="md" h="100%">
        <Stack gap="sm" flex={1} miw={0} align="flex-start">
          <Text
            fw={700}
            size="lg"
            lh={1.25}
            c="inherit"
            lineClamp={3}
            fs={title ? undefined : 'italic'}
            style={{ overflowWrap: 'anywhere' }}
          >
            {title || (placeholders ? 'Banner title' : '')}
          </Text>
          {button || placeholders ? (
            <Box
              component="span"
              data-banner-button
              px="md"
              py={6}
              fw={600}
              fz="sm"
              style={{
                backgroundColor: buttonColour,
                color: buttonText,
                border: outline,
                borderRadius: 999,
                maxWidth: '100%',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              <span style={{ fontStyle: button ? undefined : 'italic' }}>{button || 'Button text'}</span>
            </Box>
          ) : null}
        </Stack>
        {banner.image_url ? (
          <Image src={banner.image_url} alt="" w="40%" maw={180} h={100} fit="contain" radius="sm" />
        ) : null}
      </Group>
    </Box>
  );
}
