import { Button, Collapse, Stack, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buyerCompanyMax, checkBuyerTax, emptyBuyerTax, type BuyerTax, type BuyerTaxProblems } from '../../lib/buyerTax';

type Field = keyof BuyerTax;

/** The state of a BuyerTaxFields: what was typed, the disclosure, and each field's problem. */
export interface BuyerTaxState {
  value: BuyerTax;
  open: boolean;
  /** Problems found before sending (pricing's buyerTax.* keys). */
  problems: BuyerTaxProblems;
  /** The server's messages, shown as they are. */
  server: Partial<Record<Field, string>>;
}

/**
 * useBuyerTax holds the optional company details of a payment (credits or
 * tickets): `state` and `setState` go to BuyerTaxFields, `check()` gives
 * the normalised value to send or null (marking the fields) when it is
 * bad, and `markServerFields` shows the server's buyerCompany / buyerVatId
 * messages beside their fields. It loads no translations, so a page can
 * hold it above a Suspense boundary.
 */
export function useBuyerTax() {
  const [state, setState] = useState<BuyerTaxState>({ value: emptyBuyerTax, open: false, problems: {}, server: {} });

  function check(): BuyerTax | null {
    const { value, problems } = checkBuyerTax(state.value);
    const bad = Object.keys(problems).length > 0;
    setState((s) => ({ ...s, problems, server: {}, open: s.open || bad }));
    return bad ? null : value;
  }

  function markServerFields(fields: Record<string, string>) {
    const server: Partial<Record<Field, string>> = {};
    if (fields.buyerCompany) server.buyerCompany = fields.buyerCompany;
    if (fields.buyerVatId) server.buyerVatId = fields.buyerVatId;
    if (Object.keys(server).length > 0) setState((s) => ({ ...s, server, open: true }));
  }

  return { state, setState, check, markServerFields };
}

/**
 * BuyerTaxFields is the small "Add company details for the receipt"
 * disclosure of a payment form: the company name and its VAT id, both
 * optional (useBuyerTax holds them).
 */
export function BuyerTaxFields({ state, setState }: Pick<ReturnType<typeof useBuyerTax>, 'state' | 'setState'>) {
  const { t } = useTranslation('pricing');
  const id = useId();
  const error = (k: Field) => state.server[k] ?? (state.problems[k] ? t(`buyerTax.${state.problems[k]}`) : undefined);
  const change = (k: Field, v: string) =>
    setState((s) => ({ ...s, value: { ...s.value, [k]: v }, problems: { ...s.problems, [k]: undefined }, server: { ...s.server, [k]: undefined } }));
  return (
    <div>
      <Button
        variant="subtle"
        size="compact-sm"
        px={0}
        onClick={() => setState((s) => ({ ...s, open: !s.open }))}
        aria-expanded={state.open}
        aria-controls={id}
        data-testid="buyer-tax-toggle"
      >
        {t('buyerTax.toggle')}
      </Button>
      <Collapse expanded={state.open} id={id}>
        <Stack gap="sm" mt="xs">
          <TextInput
            label={t('buyerTax.company')}
            value={state.value.buyerCompany}
            onChange={(e) => change('buyerCompany', e.currentTarget.value)}
            maxLength={buyerCompanyMax}
            autoComplete="organization"
            error={error('buyerCompany')}
            data-testid="buyer-company-input"
          />
          <TextInput
            label={t('buyerTax.vatId')}
            description={t('buyerTax.vatIdHint')}
            value={state.value.buyerVatId}
            onChange={(e) => change('buyerVatId', e.currentTarget.value)}
            maxLength={32}
            autoCapitalize="characters"
            spellCheck={false}
            error={error('buyerVatId')}
            // gray.7, not the dimmed default: the hint must be readable (WCAG AA contrast).
            styles={{ input: { textTransform: 'uppercase' }, description: { color: 'var(--mantine-color-gray-7)' } }}
            data-testid="buyer-vat-input"
          />
        </Stack>
      </Collapse>
    </div>
  );
}
