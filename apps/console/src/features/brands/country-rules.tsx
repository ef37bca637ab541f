import { type CountryRule, CountryRuleAddBody } from '@kids-vod/contract';
import { whereAvailable, whereToWatch } from '@kids-vod/contract/client';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Tooltip,
} from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { IconBan, IconCheck, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useCountries } from '../../shared/api/index.ts';
import { confirmAction, WARNING_TEXT } from '../../shared/feedback/index.ts';
import { choicesError } from '../../shared/fields/index.ts';
import { Loaded } from '../../shared/lists/index.ts';
import {
  countryZones,
  MomentPair,
  ownTimeZone,
  ruleWindow,
  sameWallTime,
  windowError,
  windowWords,
} from '../../shared/time/index.ts';
import { useAddCountryRule, useCountryRules, useDeleteCountryRule } from './api.ts';

export interface RuleDraft {
  code2: string[];
  exclude: boolean;
  /** When the rule starts and ends (UTC ISO), null for no limit; entered in `zone`. */
  starts_at: string | null;
  ends_at: string | null;
  /** The zone the dates are entered in: the staff member's, or one of the rule's countries' ("midnight in Paris"). */
  zone: string;
}
export type RuleDraftForm = UseFormReturnType<RuleDraft>;

/** What add_country_rule is sent of a draft: the zone was only how the dates were entered. */
export const ruleBody = ({ zone: _zone, ...rule }: RuleDraft) => rule;

/** Countries chosen for a rule not added yet; the modal owns it so that saving the brand can add them. */
export function useRuleDraft(brandId: number | null): RuleDraftForm {
  return useForm<RuleDraft>({
    initialValues: { code2: [], exclude: false, starts_at: null, ends_at: null, zone: ownTimeZone() },
    // The contract's rule: at least one country ("Choose at least one country"); the end after the start.
    validate: (values) => {
      const errors = schemaResolver(CountryRuleAddBody, { sync: true })({
        ...ruleBody(values),
        brand_id: brandId ?? 0,
      });
      const ends = windowError(ruleWindow(values));
      return { ...(errors.code2 ? { code2: errors.code2 } : {}), ...(ends ? { ends_at: ends } : {}) };
    },
  });
}

function ruleLabel(rule: Pick<CountryRule, 'code2' | 'exclude'>): string {
  return `${rule.exclude ? 'Exclude' : 'Include'} ${rule.code2.join(', ')}`;
}

/** A rule's state in words: "Live in GB, IE until 30/11/2028", "Excludes FR until 01/03/2027", "Starts in 5 days". */
export function ruleWords(rule: Pick<CountryRule, 'code2' | 'exclude' | 'starts_at' | 'ends_at'>, now: Date) {
  const codes = rule.code2.join(', ');
  return windowWords(ruleWindow(rule), { now, live: rule.exclude ? `Excludes ${codes}` : `Live in ${codes}` });
}

function RuleRow({ rule, countryName }: { rule: CountryRule; countryName: (code: string) => string }) {
  const remove = useDeleteCountryRule();
  const label = ruleLabel(rule);
  const dated = rule.starts_at !== null || rule.ends_at !== null;
  return (
    <Paper withBorder p="xs" data-testid="country-rule">
      <Group justify="space-between" wrap="nowrap">
        <Group gap={6}>
          <Badge
            variant="default"
            radius="sm"
            leftSection={
              rule.exclude ? (
                <IconBan size={14} color="var(--mantine-color-red-6)" aria-hidden />
              ) : (
                <IconCheck size={14} color="var(--mantine-color-green-6)" aria-hidden />
              )
            }
          >
            {rule.exclude ? 'Exclude' : 'Include'}
          </Badge>
          {rule.code2.map((code) => (
            <Tooltip key={code} label={countryName(code)}>
              <Badge variant="default" radius="sm">
                {code}
              </Badge>
            </Tooltip>
          ))}
        </Group>
        <Tooltip label="Delete rule">
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete rule: ${label}`}
            loading={remove.isPending}
            onClick={async () => {
              if (await confirmAction({ title: 'Delete this country rule?', message: label })) remove.mutate(rule);
            }}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {dated ? (
        <Text size="sm" c="dimmed" mt={4} data-testid="country-rule-state">
          {ruleWords(rule, new Date())}
        </Text>
      ) : null}
    </Paper>
  );
}

/** The brand's country rules as chips, and adding one: countries and whether they are excluded. */
export function CountryRules({ brandId, draft }: { brandId: number; draft: RuleDraftForm }) {
  const countries = useCountries();
  const rules = useCountryRules(brandId);
  const add = useAddCountryRule();
  const names = useMemo(() => new Map(countries.data?.map((c) => [c.code2, c.name])), [countries.data]);
  const options = useMemo(
    () => countries.data?.map((c) => ({ value: c.code2, label: `${c.name} (${c.code2})` })) ?? [],
    [countries.data],
  );
  const countryName = (code: string) => names.get(code) ?? code;
  // An "only" rule that starts later takes the brand out of every country until then (decision 030): said before
  // it is added, since the brand would vanish from the next build without a sign.
  const { code2, exclude, starts_at } = draft.values;
  const nowhereUntilStart =
    !exclude &&
    code2.length > 0 &&
    starts_at !== null &&
    Date.parse(starts_at) > Date.now() &&
    whereToWatch(rules.data ?? []).include?.length !== 0 &&
    whereToWatch([...(rules.data ?? []), { code2, exclude, starts_at, ends_at: draft.values.ends_at }]).include
      ?.length === 0;

  function addRule() {
    if (draft.validate().hasErrors) return;
    add.mutate({ brand_id: brandId, ...ruleBody(draft.values) }, { onSuccess: () => draft.reset() });
  }
  const own = ownTimeZone();
  const zones = [...new Set([own, ...countryZones(draft.values.code2), draft.values.zone])];
  /** Another zone keeps the wall times typed ("00:00" stays midnight, now in Paris). */
  function chooseZone(zone: string | null) {
    if (!zone) return;
    const { starts_at, ends_at, zone: before } = draft.values;
    draft.setValues({
      zone,
      starts_at: sameWallTime(starts_at, before, zone),
      ends_at: sameWallTime(ends_at, before, zone),
    });
  }

  return (
    <Loaded query={rules} label="Loading country rules">
      <Stack gap="sm">
        <Text size="sm">
          Available: <b data-testid="where-available">{whereAvailable(rules.data ?? [])}</b>
        </Text>
        {rules.data?.length ? (
          rules.data.map((rule) => <RuleRow key={rule.id} rule={rule} countryName={countryName} />)
        ) : (
          <Text size="sm" c="dimmed">
            No country rules: the brand may be watched everywhere.
          </Text>
        )}
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <MultiSelect
              label="Countries"
              placeholder={draft.values.code2.length ? undefined : 'Search countries'}
              data={options}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="No such country"
              disabled={countries.isPending}
              key={draft.key('code2')}
              {...draft.getInputProps('code2')}
              error={draft.errors.code2 ?? choicesError(countries, 'the countries')}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <MomentPair
                form={draft as unknown as UseFormReturnType<Record<'starts_at' | 'ends_at', string | null>>}
                fields={['starts_at', 'ends_at']}
                labels={['Starts', 'Ends']}
                timeZone={draft.values.zone}
              />
              <Select
                label="Time zone"
                description="Enter the dates in the territory's own time"
                data={zones.map((z) => ({ value: z, label: z === own ? `${z} (yours)` : z }))}
                value={draft.values.zone}
                onChange={chooseZone}
                allowDeselect={false}
                searchable
              />
            </SimpleGrid>
            {nowhereUntilStart ? (
              <Text size="sm" c={WARNING_TEXT} data-testid="rule-nowhere-warning">
                Until this rule starts, the brand is shown nowhere: with an “only” rule, a brand is shown only where one
                is in force.
              </Text>
            ) : null}
            <Group justify="space-between">
              <Switch
                label="Exclude these countries"
                key={draft.key('exclude')}
                {...draft.getInputProps('exclude', { type: 'checkbox' })}
              />
              <Button variant="light" onClick={addRule} loading={add.isPending}>
                Add rule
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </Loaded>
  );
}
