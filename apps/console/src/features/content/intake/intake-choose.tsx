import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload } from '@tabler/icons-react';

/** What a studio's delivery holds: masters, subtitles, thumbnails and the metadata sheet (by type or extension). */
const DELIVERY_ACCEPT = {
  'video/*': [],
  'application/mxf': ['.mxf'],
  'text/vtt': ['.vtt'],
  'application/x-subrip': ['.srt'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'text/csv': ['.csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** Many files, dropped or chosen (the area takes the focus: Enter or Space opens the file chooser). */
export function FilesDrop({
  more,
  matching,
  onFiles,
  onReject,
}: {
  more: boolean;
  matching: boolean;
  onFiles: (files: File[]) => void;
  onReject: () => void;
}) {
  return (
    <Dropzone
      onDrop={(files) => void onFiles(files)}
      onReject={onReject}
      accept={DELIVERY_ACCEPT}
      multiple
      loading={matching}
      p="sm"
      aria-label="Choose episode files"
      inputProps={{ 'aria-label': 'Choose episode files' }}
    >
      <Group gap="xs" justify="center" mih={more ? 48 : 120} style={{ pointerEvents: 'none' }}>
        <IconUpload size={20} aria-hidden />
        <Text size="sm">
          {more
            ? 'Drop more files here or click to choose'
            : "Drop a studio's delivery here (masters, subtitles, thumbnails, the sheet) or click to choose files"}
        </Text>
      </Group>
    </Dropzone>
  );
}

/** A language the brand has no version in: created with the intake unless the person unchecks it (decision 065). */
export function NewBrandVersions({
  brandName,
  langs,
  declined,
  langName,
  onChange,
}: {
  brandName: string;
  langs: number[];
  declined: Set<number>;
  langName: (id: number) => string;
  onChange: (declined: Set<number>) => void;
}) {
  if (langs.length === 0) return null;
  return (
    <Stack gap={4}>
      {langs.map((id) => (
        <Checkbox
          key={id}
          label={`Create the ${langName(id)} version of the brand`}
          description={`${brandName} has no ${langName(id)} version yet: its files wait for it. Created unpublished.`}
          checked={!declined.has(id)}
          onChange={(e) => {
            const next = new Set(declined);
            if (e.currentTarget.checked) next.delete(id);
            else next.add(id);
            onChange(next);
          }}
        />
      ))}
    </Stack>
  );
}
