import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { festivalsApi, type CriterionInput } from '../../api/festivals';
import { SectionErrors } from './DetailsSection';
import { criterionDrafts, criterionInputs, editorLimits, newCriterionDraft, validateCriteria, type CriterionDraft } from './editorSchema';
import { inputStyles } from '../../ui/inputStyles';
import { numberInputValue, useDraftList } from './useDraftList';
import type { SectionProps } from './useSectionSave';

/**
 * CriteriaSection edits the judging criteria (PUT
 * /api/v1/manage/festivals/{slug}/criteria): a name, a weight and the maximum
 * score of each.
 */
export function CriteriaSection(props: SectionProps) {
  const { t } = useTranslation('festivals');
  const { drafts, errors, busy, errorText, patch, resize, errorOf, submit } = useDraftList<CriterionDraft, CriterionInput[]>(props, {
    fromFestival: (f) => criterionDrafts(f.criteria),
    validate: validateCriteria,
    toInput: criterionInputs,
    save: festivalsApi.updateCriteria,
    isShown: (k) => /^criteria\.\d+\.(name|weight|maxScore)$/.test(k),
  });

  const totalWeight = drafts.reduce((sum, c) => sum + (typeof c.weight === 'number' ? c.weight : 0), 0);

  return (
    <form onSubmit={submit} noValidate aria-label={t('editor.tabs.criteria')} data-testid="criteria-form">
      <Stack gap="lg">
        <Text size="sm" c="gray.7">
          {t('editor.criteria.help')}
        </Text>
        <SectionErrors texts={errorText} />
        {errors.criteria && (
          <Text size="sm" c="red.9" role="alert">
            {errorOf('criteria')}
          </Text>
        )}
        {drafts.length === 0 ? (
          <Paper withBorder radius="md" p="lg" data-testid="no-criteria">
            <Text c="gray.7" ta="center">
              {t('editor.criteria.empty')}
            </Text>
          </Paper>
        ) : (
          <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
            {drafts.map((c, i) => {
              const path = `criteria.${i}`;
              const title = c.name.trim() || t('editor.criteria.untitled', { number: i + 1 });
              return (
                <Paper key={c.key} component="li" withBorder radius="md" p="sm" data-testid="criterion-editor">
                  <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="sm" style={{ alignItems: 'end' }}>
                    <TextInput
                      label={t('editor.criteria.name')}
                      withAsterisk
                      aria-required
                      data-path={`${path}.name`}
                      value={c.name}
                      onChange={(e) => patch(i, { name: e.currentTarget.value })}
                      error={errorOf(`${path}.name`)}
                      styles={inputStyles}
                      disabled={busy}
                    />
                    <NumberInput
                      label={t('editor.criteria.weight')}
                      withAsterisk
                      aria-required
                      min={1}
                      max={editorLimits.weightMax}
                      allowNegative={false}
                      allowDecimal={false}
                      data-path={`${path}.weight`}
                      value={c.weight}
                      onChange={(v) => patch(i, { weight: numberInputValue(v) })}
                      error={errorOf(`${path}.weight`)}
                      styles={inputStyles}
                      disabled={busy}
                    />
                    <NumberInput
                      label={t('editor.criteria.maxScore')}
                      withAsterisk
                      aria-required
                      min={1}
                      max={editorLimits.maxScoreMax}
                      allowNegative={false}
                      allowDecimal={false}
                      data-path={`${path}.maxScore`}
                      value={c.maxScore}
                      onChange={(v) => patch(i, { maxScore: numberInputValue(v) })}
                      error={errorOf(`${path}.maxScore`)}
                      styles={inputStyles}
                      disabled={busy}
                    />
                    <Group justify="flex-end">
                      <Button
                        variant="subtle"
                        color="red.9"
                        size="xs"
                        onClick={() => resize(drafts.filter((_, j) => j !== i))}
                        disabled={busy}
                        aria-label={t('editor.criteria.removeNamed', { name: title })}
                      >
                        {t('editor.criteria.remove')}
                      </Button>
                    </Group>
                  </SimpleGrid>
                </Paper>
              );
            })}
          </Stack>
        )}
        {drafts.length > 0 && (
          <Text size="sm" c="gray.7" data-testid="weight-total">
            {t('editor.criteria.totalWeight', { count: totalWeight })}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            onClick={() => resize([...drafts, newCriterionDraft()])}
            disabled={busy || drafts.length >= editorLimits.criteria}
          >
            {t('editor.criteria.add')}
          </Button>
          <Button type="submit" loading={busy} aria-busy={busy}>
            {t('editor.criteria.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
