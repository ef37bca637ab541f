import type { ContentLink } from '@kids-vod/contract';
import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';

/** A link as the Links modal and the screen name it: the linked content's brand, number and title. */
export function LinkName({ link }: { link: ContentLink }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <IconLink size={16} aria-hidden />
      <Text size="sm">{link.ct_name}</Text>
    </Group>
  );
}

/**
 * What a compilation shows besides its own content: the items of other brands linked into it. Changed in the Links
 * modal; listed here so that the screen shows all the brand shows.
 */
export function LinkedContent({ brandName, links }: { brandName: string; links: ContentLink[] }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h5">
            Linked content
          </Title>
          <Text size="sm" c="dimmed">
            {links.length === 1 ? '1 item' : `${links.length} items`}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Content of other brands that {brandName} shows besides its own; Links changes it.
        </Text>
        <Table verticalSpacing={6} aria-label="Linked content">
          <Table.Tbody>
            {links.map((link) => (
              <Table.Tr key={link.id}>
                <Table.Td>
                  <LinkName link={link} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
