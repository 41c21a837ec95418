import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { Title } from '../../ui/Title';
import { DatePickerInput } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import { deadlineTiers, festivalsApi, type CategoryInput, type DeadlineTier } from '../../api/festivals';
import { dateInputFormat, FestivalDatesProvider, formatDate, parseISODate, useCalendarLabels, useLanguage } from '../../lib/dates';
import { SectionErrors } from './DetailsSection';
import {
  categoryDrafts,
  categoryInputs,
  editorLimits,
  newCategoryDraft,
  validateCategories,
  type CategoryDraft,
  type TierDraft,
} from './editorSchema';
import { inputStyles } from '../../ui/inputStyles';
import { numberInputValue, useDraftList } from './useDraftList';
import type { SectionProps } from './useSectionSave';

// The day before the festival starts: the last day a deadline may fall on.
function dayBefore(iso: string): string | undefined {
  const d = parseISODate(iso);
  if (!d) return undefined;
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * CategoriesSection edits the competition categories and their fee tiers
 * (PUT /api/v1/manage/festivals/{slug}/categories): each category has a name,
 * a description and up to three tiers (early, regular, late), each a
 * deadline and a fee in credits.
 */
export function CategoriesSection(props: SectionProps) {
  const { t } = useTranslation('festivals');
  const { code, tag } = useLanguage();
  const calendar = useCalendarLabels();
  const startDate = props.festival.startDate;

  const { drafts, errors, busy, errorText, patch, resize, errorOf, submit } = useDraftList<CategoryDraft, CategoryInput[]>(props, {
    fromFestival: (f) => categoryDrafts(f.categories),
    validate: (next) => validateCategories(next, startDate),
    toInput: categoryInputs,
    save: festivalsApi.updateCategories,
    isShown: (key) =>
      /^categories\.\d+\.(name|description|deadlines)$/.test(key) ||
      /^categories\.\d+\.deadlines\.(early|regular|late)\.(date|fee)$/.test(key),
  });
  const patchTier = (i: number, tier: DeadlineTier, change: Partial<TierDraft>) =>
    patch(i, { tiers: { ...drafts[i].tiers, [tier]: { ...drafts[i].tiers[tier], ...change } } });

  const lastDeadline = dayBefore(startDate);

  return (
    <form onSubmit={submit} noValidate aria-label={t('editor.tabs.categories')} data-testid="categories-form">
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {t('editor.categories.help', { date: formatDate(startDate, tag) })}
        </Text>
        <SectionErrors texts={errorText} />
        {errors.categories && (
          <Text size="sm" c="red.9" role="alert">
            {errorOf('categories')}
          </Text>
        )}
        {drafts.length === 0 && (
          <Paper withBorder radius="md" p="lg" data-testid="no-categories">
            <Text c="gray.7" ta="center">
              {t('editor.categories.empty')}
            </Text>
          </Paper>
        )}
        <FestivalDatesProvider>
          {drafts.map((c, i) => {
            const path = `categories.${i}`;
            const number = i + 1;
            const title = c.name.trim() || t('editor.categories.untitled', { number });
            return (
              <Paper
                key={c.key}
                component="fieldset"
                withBorder
                radius="md"
                p={{ base: 'sm', sm: 'md' }}
                m={0}
                data-testid="category-editor"
                aria-labelledby={`${c.key}-title`}
              >
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={3} size="h4" id={`${c.key}-title`} style={{ overflowWrap: 'anywhere' }}>
                      {title}
                    </Title>
                    <Button
                      variant="subtle"
                      color="red.9"
                      size="xs"
                      onClick={() => resize(drafts.filter((_, j) => j !== i))}
                      disabled={busy}
                      aria-label={t('editor.categories.removeNamed', { name: title })}
                    >
                      {t('editor.categories.remove')}
                    </Button>
                  </Group>
                  <TextInput
                    label={t('editor.categories.name')}
                    withAsterisk
                    aria-required
                    data-path={`${path}.name`}
                    value={c.name}
                    onChange={(e) => patch(i, { name: e.currentTarget.value })}
                    error={errorOf(`${path}.name`)}
                    styles={inputStyles}
                    disabled={busy}
                  />
                  <Textarea
                    label={t('editor.categories.description')}
                    description={t('form.optional')}
                    rows={3}
                    resize="vertical"
                    data-path={`${path}.description`}
                    value={c.description}
                    onChange={(e) => patch(i, { description: e.currentTarget.value })}
                    error={errorOf(`${path}.description`)}
                    styles={inputStyles}
                    disabled={busy}
                  />
                  <Stack gap="xs" role="group" aria-labelledby={`${c.key}-tiers`}>
                    <Text fw={600} size="sm" id={`${c.key}-tiers`}>
                      {t('editor.categories.tiers', { title })}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {t('editor.categories.tiersHelp')}
                    </Text>
                    {errors[`${path}.deadlines`] && (
                      <Text size="sm" c="red.9" data-path={`${path}.deadlines`} tabIndex={-1}>
                        {errorOf(`${path}.deadlines`)}
                      </Text>
                    )}
                    {deadlineTiers.map((tier) => {
                      const tierPath = `${path}.deadlines.${tier}`;
                      const tierName = t(`tiers.${tier}`);
                      return (
                        <SimpleGrid key={tier} cols={{ base: 1, xs: 2 }} spacing="sm" data-testid={`tier-${tier}`}>
                          <DatePickerInput
                            label={t('editor.categories.deadline', { tier: tierName })}
                            placeholder={t('form.datePlaceholder')}
                            valueFormat={dateInputFormat(code)}
                            clearable
                            clearButtonProps={{ 'aria-label': t('editor.categories.clearDeadline', { tier: tierName }) }}
                            maxDate={lastDeadline}
                            data-path={`${tierPath}.date`}
                            value={c.tiers[tier].date || null}
                            onChange={(v) => patchTier(i, tier, { date: v ?? '' })}
                            error={errorOf(`${tierPath}.date`)}
                            popoverProps={{ withinPortal: true }}
                            styles={inputStyles}
                            disabled={busy}
                            {...calendar}
                          />
                          <NumberInput
                            label={t('editor.categories.fee', { tier: tierName })}
                            min={0}
                            max={editorLimits.feeMax}
                            allowNegative={false}
                            allowDecimal={false}
                            data-path={`${tierPath}.fee`}
                            value={c.tiers[tier].fee}
                            onChange={(v) => patchTier(i, tier, { fee: numberInputValue(v) })}
                            error={errorOf(`${tierPath}.fee`)}
                            styles={inputStyles}
                            disabled={busy}
                          />
                        </SimpleGrid>
                      );
                    })}
                  </Stack>
                </Stack>
              </Paper>
            );
          })}
        </FestivalDatesProvider>
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => resize([...drafts, newCategoryDraft()])}
            disabled={busy || drafts.length >= editorLimits.categories}
          >
            {t('editor.categories.add')}
          </Button>
          <Button type="submit" loading={busy} aria-busy={busy}>
            {t('editor.categories.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
