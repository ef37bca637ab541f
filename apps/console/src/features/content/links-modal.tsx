import type { BrandName, ContentLink } from '@kids-vod/contract';
import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { ActionIcon, Button, Divider, Group, Modal, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useBrandContent } from '../../shared/api/index.ts';
import { ReadOnlyNotice, useUnsaved } from '../../shared/editing/index.ts';
import { closeUnlessUnsaved, confirmAction } from '../../shared/feedback/index.ts';
import { BrandSelect, choicesError } from '../../shared/fields/index.ts';
import { ListState } from '../../shared/lists/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { contentKeys } from './content-api.ts';
import { defaultTitle, episodeCode } from './format.ts';
import { useAddLink, useDeleteLink, useLinks } from './link-api.ts';
import { LinkName } from './linked-content.tsx';

/**
 * The compilation of a brand: content of other brands shown in it. Lists the links, adds one (another
 * brand, then one of its items) and deletes one after asking.
 */
export function LinksModal({
  brand,
  brands,
  opened,
  onClose,
}: {
  brand: BrandName;
  brands: BrandName[];
  opened: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const links = useLinks(opened ? brand.id : null);
  const [fromBrand, setFromBrand] = useState<string | null>(null);
  const [contentId, setContentId] = useState<string | null>(null);
  useUnsaved(contentId !== null);
  const candidates = useBrandContent(opened && fromBrand ? Number(fromBrand) : null);
  const add = useAddLink();
  const remove = useDeleteLink();
  const mayChange = useMay(CALL_PERMISSIONS.link.add);

  const linked = new Set((links.data ?? []).map((l) => l.content_id));
  const otherBrands = brands.filter((b) => b.id !== brand.id);

  function close() {
    // An item chosen but not yet added is a change like a typed field: closing asks before dropping it.
    // (closeUnlessUnsaved also ignores the Escape that cancels "Delete …?", which is not meant for this modal.)
    void closeUnlessUnsaved(contentId !== null, () => {
      setFromBrand(null);
      setContentId(null);
      onClose();
      // Closing leaves no links of its own behind: they are read afresh, for the content screen that lists them too.
      void queryClient.invalidateQueries({ queryKey: contentKeys.links(brand.id) });
    });
  }

  async function onDelete(link: ContentLink) {
    if (await confirmAction({ title: `Delete ${link.ct_name}?` })) remove.mutate(link);
  }

  function onAdd() {
    if (!contentId) return;
    add.mutate({ brand_id: brand.id, content_id: Number(contentId) }, { onSuccess: () => setContentId(null) });
  }

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={`Links · ${brand.name}`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      styles={{ title: { fontWeight: 600 } }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Content of other brands that {brand.name} shows besides its own.
        </Text>
        {mayChange ? null : <ReadOnlyNotice />}
        {links.isPending ? (
          <Stack gap="xs" aria-hidden>
            <Skeleton h={28} />
            <Skeleton h={28} />
          </Stack>
        ) : (
          <ListState query={links} isEmpty={(links.data ?? []).length === 0} emptyText="No linked content yet.">
            <Table verticalSpacing={6} aria-label="Links">
              <Table.Tbody>
                {(links.data ?? []).map((link) => (
                  <Table.Tr key={link.id}>
                    <Table.Td>
                      <LinkName link={link} />
                    </Table.Td>
                    <Table.Td w={48}>
                      {mayChange ? (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${link.ct_name}`}
                          loading={remove.isPending && remove.variables?.id === link.id}
                          onClick={() => onDelete(link)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ListState>
        )}

        {mayChange ? (
          <>
            <Divider label="Add a link" labelPosition="left" />
            <Group align="flex-end" gap="sm" wrap="wrap">
              <BrandSelect
                label="From brand"
                brands={otherBrands}
                placeholder={otherBrands.length ? 'Choose a brand' : 'No other brands'}
                value={fromBrand}
                onChange={(v) => {
                  setFromBrand(v);
                  setContentId(null);
                }}
                w={200}
                comboboxProps={{ withinPortal: true }}
              />
              <Select
                label="Content"
                placeholder={
                  !fromBrand ? 'Choose a brand first' : candidates.isPending ? 'Loading…' : 'Search by title or S1E3'
                }
                searchable
                limit={100}
                nothingFoundMessage={
                  candidates.isSuccess && candidates.data.length === 0 ? 'No content' : 'Nothing found'
                }
                data={(candidates.data ?? []).map((c) => {
                  const title = defaultTitle(c);
                  const already = linked.has(c.id);
                  return {
                    value: String(c.id),
                    label: `${episodeCode(c)}${title ? ` · ${title}` : ''}${already ? ' (linked)' : ''}`,
                    disabled: already,
                  };
                })}
                value={contentId}
                onChange={setContentId}
                disabled={!fromBrand}
                error={choicesError(candidates, 'the content of that brand')}
                flex={1}
                miw={220}
              />
              <Button onClick={onAdd} disabled={!contentId} loading={add.isPending}>
                Add link
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}
