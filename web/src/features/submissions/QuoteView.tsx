import { Center, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type SubmissionQuote } from '../../api/submissions';
import { formatNumber } from '../../lib/format';
import { Notice } from '../../ui/Notice';
import { formatDate, useLanguage } from '../../lib/dates';

/** QuoteView is the fee of the chosen entries before paying: each entry's tier and price, whether the waiver applied, the total and the balance (or why it could not be priced). */
export function QuoteView({
  quote,
  loading,
  updating,
  error,
  waiverTried,
}: {
  quote: SubmissionQuote | undefined;
  loading: boolean;
  updating: boolean;
  error: string | null;
  waiverTried: boolean;
}) {
  const { t, i18n } = useTranslation('submissions');
  const { tag } = useLanguage();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  const n = (x: number) => formatNumber(x, lang);
  if (error) {
    return (
      <Notice color="red" role="alert" data-testid="quote-error">
        {error}
      </Notice>
    );
  }
  if (loading || !quote) {
    return (
      <Center py="sm">
        <Loader role="status" size="sm" aria-label={t('submit.quoting')} />
      </Center>
    );
  }
  return (
    <Stack gap="xs" data-testid="quote" aria-busy={updating}>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" data-testid="quote-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('quote.festival')}</Table.Th>
              <Table.Th scope="col">{t('quote.category')}</Table.Th>
              <Table.Th scope="col">{t('quote.tier')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quote.fee')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quote.discount')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('quote.price')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {quote.lines.map((l) => (
              <Table.Tr key={`${l.festivalId}:${l.categoryId}`} data-testid="quote-line">
                <Table.Td>{l.festivalName}</Table.Td>
                <Table.Td>{l.categoryName}</Table.Td>
                <Table.Td>
                  {t(`tiers.${l.tier}`)}
                  <Text size="xs" c="gray.7">
                    {t('quote.until', { date: formatDate(l.deadline, tag) })}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">{n(l.fee)}</Table.Td>
                <Table.Td ta="right">{l.discount ? `−${n(l.discount)}` : '—'}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {n(l.price)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {waiverTried && (
        <Text size="sm" c={quote.waiverApplied ? 'teal.9' : 'gray.8'} data-testid="waiver-status">
          {quote.waiverApplied ? t('quote.waiverApplied') : t('quote.waiverNotApplied')}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Text fw={700} data-testid="quote-total">
          {t('quote.total', { count: quote.total, total: n(quote.total) })}
        </Text>
        <Text size="sm" c={quote.balance < quote.total ? 'red.9' : 'gray.8'} data-testid="quote-balance">
          {t('quote.balance', { count: quote.balance, balance: n(quote.balance) })}
        </Text>
      </Group>
    </Stack>
  );
}
