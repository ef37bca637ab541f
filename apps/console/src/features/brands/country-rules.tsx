import { type CountryRule, CountryRuleAddBody } from '@kids-vod/contract';
import { ActionIcon, Badge, Button, Group, MultiSelect, Paper, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { schemaResolver, type UseFormReturnType, useForm } from '@mantine/form';
import { IconBan, IconCheck, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { confirmAction } from '../../components/confirm.tsx';
import { choicesError, Loaded } from '../../components/list-state.tsx';
import { useCountries } from '../../lib/reads.ts';
import { useAddCountryRule, useCountryRules, useDeleteCountryRule } from './api.ts';
import { whereAvailable } from './where-available.ts';

export interface RuleDraft {
  code2: string[];
  exclude: boolean;
}
export type RuleDraftForm = UseFormReturnType<RuleDraft>;

/** Countries chosen for a rule not added yet; the modal owns it so that saving the brand can add them. */
export function useRuleDraft(brandId: number | null): RuleDraftForm {
  return useForm<RuleDraft>({
    initialValues: { code2: [], exclude: false },
    // The contract's rule: at least one country ("Choose at least one country").
    validate: (values) => {
      const errors = schemaResolver(CountryRuleAddBody, { sync: true })({ ...values, brand_id: brandId ?? 0 });
      return errors.code2 ? { code2: errors.code2 } : {};
    },
  });
}

function ruleLabel(rule: Pick<CountryRule, 'code2' | 'exclude'>): string {
  return `${rule.exclude ? 'Exclude' : 'Include'} ${rule.code2.join(', ')}`;
}

function RuleRow({ rule, countryName }: { rule: CountryRule; countryName: (code: string) => string }) {
  const remove = useDeleteCountryRule();
  const label = ruleLabel(rule);
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

  function addRule() {
    if (draft.validate().hasErrors) return;
    add.mutate({ brand_id: brandId, ...draft.values }, { onSuccess: () => draft.reset() });
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
              maxDropdownHeight={260}
              disabled={countries.isPending}
              key={draft.key('code2')}
              {...draft.getInputProps('code2')}
              error={draft.errors.code2 ?? choicesError(countries, 'the countries')}
            />
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
