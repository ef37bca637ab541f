import { CALL_PERMISSIONS } from '@kids-vod/contract/call-permissions';
import { Switch } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { itemQueries } from '../../shared/api/index.ts';
import { useMay } from '../../shared/session/index.ts';
import { useNotPlanned } from './bulk-api.ts';

/**
 * "Not planned" in a language (issue 38): no version will come, so readiness names no problem of the episode there
 * and that language's catalogue leaves it out. Saved at once, apart from the modal's Save: it is no text of the
 * version (an episode never dubbed has none).
 */
export function NotPlannedSwitch({
  contentId,
  langId,
  langName,
}: {
  contentId: number;
  langId: number;
  langName: string;
}) {
  const item = useQuery(itemQueries.content(contentId));
  const save = useNotPlanned();
  const mayChange = useMay(CALL_PERMISSIONS.content.notPlanned);
  if (!item.data) return null;
  const notPlanned = item.data.not_planned_lang_ids.includes(langId);
  return (
    <Switch
      label={`Not planned in ${langName}`}
      description={`No ${langName} version will come: readiness does not ask for one, and the ${langName} catalogue leaves this episode out.`}
      checked={save.isPending ? (save.variables?.not_planned ?? notPlanned) : notPlanned}
      disabled={!mayChange || save.isPending}
      onChange={(e) => save.mutate({ content_id: contentId, lang_id: langId, not_planned: e.currentTarget.checked })}
      data-testid="not-planned"
    />
  );
}
