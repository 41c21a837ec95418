import { Button, Group, NumberInput, Stack, Switch, Tabs, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { adminPackagesApi, type PackageEdit } from '../../api/adminPackages';
import { ApiError } from '../../api/client';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { packageLanguages, toPackageForm, validatePackage, type PackageFormValues } from './adminEditSchemas';

const languageNames = { en: 'English', ja: '日本語', zh: '中文' } as const;

/** PackageEditForm edits one package: price (in dollars), credits, order, on sale or hidden, and each language's texts. */
export function PackageEditForm({ pkg, onSaved, onCancel }: { pkg: PackageEdit; onSaved: (p: PackageEdit) => void; onCancel: () => void }) {
  const { t } = useTranslation('admin-users');
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PackageFormValues>(() => toPackageForm(pkg));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [tab, setTab] = useState<string | null>('en');

  const save = useMutation({
    mutationFn: (u: Parameters<typeof adminPackagesApi.update>[1]) => adminPackagesApi.update(pkg.id, u),
    onSuccess: (p) => {
      // /pricing and checkout read the package afresh.
      void queryClient.invalidateQueries({ queryKey: ['packages'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'packages'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
      onSaved(p);
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(err.fields);
    },
  });

  const setText = (lang: (typeof packageLanguages)[number], key: 'name' | 'description' | 'features', v: string) =>
    setValues((old) => ({ ...old, texts: { ...old.texts, [lang]: { ...old.texts[lang], [key]: v } } }));
  const err = (field: string) => {
    const e = errors[field];
    return e ? t(`errors.${e}`, { defaultValue: e }) : undefined;
  };

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const v = validatePackage(values);
    if (!v.ok) {
      setErrors(v.errors);
      const bad = packageLanguages.find((l) => Object.keys(v.errors).some((k) => k.startsWith(`texts.${l}.`)));
      if (bad && !Object.keys(v.errors).some((k) => k.startsWith(`texts.${tab}.`))) setTab(bad);
      return;
    }
    setErrors({});
    save.mutate(v.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('pricingEdit.formLabel')}>
      <Stack gap="md">
        <Text size="sm" c="gray.7">
          {t('pricingEdit.newPurchasesOnly')}
        </Text>
        <Group grow align="flex-start">
          <NumberInput
            label={t('pricingEdit.price')}
            prefix="$"
            decimalScale={2}
            min={0}
            value={values.price}
            onChange={(v) => setValues((o) => ({ ...o, price: v }))}
            error={err('priceCents')}
            required
          />
          <NumberInput
            label={t('pricingEdit.credits')}
            allowDecimal={false}
            min={1}
            value={values.credits}
            onChange={(v) => setValues((o) => ({ ...o, credits: v }))}
            error={err('credits')}
            required
          />
          <NumberInput
            label={t('pricingEdit.position')}
            allowDecimal={false}
            min={0}
            value={values.position}
            onChange={(v) => setValues((o) => ({ ...o, position: v }))}
            error={err('position')}
          />
        </Group>
        <Switch
          label={t('pricingEdit.active')}
          description={t('pricingEdit.activeHint')}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          checked={values.active}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setValues((o) => ({ ...o, active: checked }));
          }}
        />
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            {packageLanguages.map((l) => (
              <Tabs.Tab key={l} value={l} lang={l}>
                {languageNames[l]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {packageLanguages.map((l) => (
            <Tabs.Panel key={l} value={l} pt="sm">
              <Stack gap="sm">
                <TextInput
                  label={t('pricingEdit.name')}
                  value={values.texts[l].name}
                  onChange={(e) => setText(l, 'name', e.currentTarget.value)}
                  error={err(`texts.${l}.name`)}
                  required
                />
                <Textarea
                  label={t('pricingEdit.descriptionField')}
                  value={values.texts[l].description}
                  onChange={(e) => setText(l, 'description', e.currentTarget.value)}
                  error={err(`texts.${l}.description`)}
                  rows={2}
                  required
                />
                <Textarea
                  label={t('pricingEdit.features')}
                  description={t('pricingEdit.featuresHint')}
                  styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
                  value={values.texts[l].features}
                  onChange={(e) => setText(l, 'features', e.currentTarget.value)}
                  error={err(`texts.${l}.features`)}
                  rows={4}
                />
              </Stack>
            </Tabs.Panel>
          ))}
        </Tabs>
        {save.isError && !(save.error instanceof ApiError && Object.keys(save.error.fields).length > 0) && (
          <Notice color="red" role="alert">
            <Text size="sm" c="gray.9">
              {apiErrorText(save.error, 'admin-users') || t('pricingEdit.failed')}
            </Text>
          </Notice>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {t('pricingEdit.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('pricingEdit.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
