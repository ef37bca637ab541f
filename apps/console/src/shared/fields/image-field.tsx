import { FILE_TOO_BIG_MESSAGE, OTHER_PLATFORM_MAX_BYTES, UPLOAD_IMAGE_TYPES } from '@kids-vod/contract';
import { ActionIcon, Alert, Group, Image, Input, Progress, Stack, Text, Tooltip } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
// The dropzone's own styles (dashed border, hover); main.tsx loads only the packages every screen uses.
import '@mantine/dropzone/styles.css';
import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, type UploadPlatform, uploadImage } from '../api/index.ts';

const IMAGE_UPLOAD_KEY = ['image-upload'];

/**
 * Whether an image is uploading: its field's value changes only once it is done, so until then a save would store
 * the old image and a close would stop the upload. Modals wait on it for the one, and ask first for the other.
 */
export const useImageUploading = () => useIsMutating({ mutationKey: IMAGE_UPLOAD_KEY }) > 0;

export interface ImageFieldProps {
  label: string;
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** `cloudflare` unless the field says otherwise; `other` refuses files over 1025 KB before sending. */
  platform?: UploadPlatform;
  error?: string;
}

/** An image with preview: drop or choose a file, watch it upload, or remove it. */
export function ImageField({ label, value, onChange, platform = 'cloudflare', error }: ImageFieldProps) {
  const id = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // An upload belongs to the field it started in: a field that goes (a closed modal, another language's tab) stops
  // it, so its image never lands in whatever form is open when it finishes.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);
  const upload = useMutation({
    mutationKey: IMAGE_UPLOAD_KEY,
    mutationFn: ({ file, signal }: { file: File; signal: AbortSignal }) =>
      uploadImage(file, platform, { onProgress: setProgress, signal }),
    // The field shows its own failure.
    meta: { errorToast: false },
  });

  async function send(file: File) {
    setProblem(null);
    if (platform === 'other' && file.size > OTHER_PLATFORM_MAX_BYTES) {
      setProblem(FILE_TOO_BIG_MESSAGE);
      return;
    }
    const controller = new AbortController();
    running.current = controller;
    setProgress(0);
    try {
      const url = await upload.mutateAsync({ file, signal: controller.signal });
      if (!controller.signal.aborted) onChange(url);
    } catch (err) {
      if (!controller.signal.aborted) setProblem(errorMessage(err));
    } finally {
      setProgress(null);
    }
  }

  return (
    <Input.Wrapper label={label} id={id} error={error}>
      <Stack gap="xs">
        <Group align="flex-start" wrap="nowrap">
          {value ? (
            <Image
              src={value}
              alt={`${label} preview`}
              w={96}
              h={96}
              fit="contain"
              radius="sm"
              bg="var(--mantine-color-default)"
            />
          ) : (
            <Stack
              w={96}
              h={96}
              align="center"
              justify="center"
              bg="var(--mantine-color-default)"
              style={{ borderRadius: 4 }}
            >
              <IconPhoto aria-hidden size={28} />
            </Stack>
          )}
          <Dropzone
            onDrop={(files) => files[0] && send(files[0])}
            onReject={() => setProblem('Choose a PNG, JPEG, WebP or GIF image')}
            accept={[...UPLOAD_IMAGE_TYPES]}
            multiple={false}
            loading={progress !== null}
            flex={1}
            p="sm"
            aria-label={`Upload ${label.toLowerCase()}`}
            inputProps={{ id, 'aria-label': `Upload ${label.toLowerCase()}` }}
          >
            <Group gap="xs" justify="center" mih={70} style={{ pointerEvents: 'none' }}>
              <IconUpload size={20} aria-hidden />
              <Text size="sm">Drop an image here or click to choose</Text>
            </Group>
          </Dropzone>
          {value ? (
            <Tooltip label={`Remove ${label.toLowerCase()}`}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => onChange(null)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        {progress !== null ? <Progress value={progress} aria-label={`Uploading ${label.toLowerCase()}`} /> : null}
        {problem ? (
          <Alert color="red" role="alert" p="xs">
            {problem}
          </Alert>
        ) : null}
      </Stack>
    </Input.Wrapper>
  );
}

/** An image field's value, change and error from a form's field holding a URL. */
// biome-ignore lint/suspicious/noExplicitAny: any form whose field `path` holds an image URL
export function imageInput(form: UseFormReturnType<any>, path: string) {
  return {
    value: form.getValues()[path] as string | null,
    onChange: (url: string | null) => form.setFieldValue(path, url),
    error: form.errors[path] as string | undefined,
  };
}
