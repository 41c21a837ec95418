import { Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminPurchasesApi, type Purchase, type RefundPlan, type RefundResult } from '../../api/payments';
import { apiErrorText } from '../../lib/apiErrorText';
import { Notice } from '../../ui/Notice';
import { dollars } from './format';

/**
 * RefundDialog asks an admin to confirm the refund of `purchase` after
 * showing what it will do, from the server's preview: the credits taken
 * back from the buyer's balance and the money returned (the unspent share
 * of the price), and what is kept for credits already spent. A purchase
 * whose credits are all spent offers no refund. The confirmation sends the
 * preview's figures; when the balance changed since, the server refuses
 * and the dialog shows the new preview with the server's message.
 */
export function RefundDialog({
  purchase,
  onClose,
  onRefunded,
}: {
  purchase: Purchase | null;
  onClose: () => void;
  onRefunded: (r: RefundResult) => void;
}) {
  const { t, i18n } = useTranslation('admin');
  const language = i18n.resolvedLanguage ?? i18n.language;
  const id = purchase?.id ?? 0;

  const preview = useQuery({
    queryKey: ['admin', 'refund-preview', id],
    queryFn: () => adminPurchasesApi.refundPreview(id),
    enabled: purchase !== null,
    // The balance moves as the buyer spends: always ask again.
    staleTime: 0,
    gcTime: 0,
  });

  const refund = useMutation({
    mutationFn: (plan: RefundPlan) =>
      adminPurchasesApi.refund(plan.purchaseId, { takeCredits: plan.takeCredits, refundCents: plan.refundCents }),
    onSuccess: (r) => onRefunded(r),
    // A refusal may mean the balance changed: show the figures as they are now.
    onError: () => void preview.refetch(),
  });

  const close = () => {
    if (refund.isPending) return;
    refund.reset();
    onClose();
  };

  const plan = preview.data;
  return (
    <Modal
      opened={purchase !== null}
      onClose={close}
      title={t('purchases.confirmTitle')}
      closeButtonProps={{ 'aria-label': t('purchases.cancel') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {purchase && (
        <Stack gap="md" data-testid="refund-dialog">
          <Text size="sm">
            {t('purchases.confirmPaid', {
              package: purchase.packageName,
              email: purchase.userEmail,
              amount: dollars(purchase.amountCents, language),
              count: purchase.credits,
            })}
          </Text>

          {preview.isPending && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">{t('purchases.previewLoading')}</Text>
            </Group>
          )}
          {preview.isError && (
            <Notice color="red" role="alert">
              <Text size="sm" c="gray.9">
                {t('purchases.previewError')} {apiErrorText(preview.error, 'admin')}
              </Text>
            </Notice>
          )}

          {plan && (
            <>
              {plan.retry ? (
                <Text size="sm" data-testid="refund-retry-text">
                  {t('purchases.retryText')}
                </Text>
              ) : (
                plan.spentCredits > 0 &&
                plan.refundable && (
                  <Text size="sm" data-testid="refund-spent">
                    {t('purchases.confirmSpent', { count: plan.spentCredits })}
                  </Text>
                )
              )}
              {plan.refundable ? (
                <Table withRowBorders={false} verticalSpacing={4} data-testid="refund-figures">
                  <Table.Tbody>
                    <Table.Tr>
                      <Table.Th scope="row" fw={400}>
                        {t('purchases.takeBackLabel')}
                      </Table.Th>
                      <Table.Td ta="right" fw={600} data-testid="refund-take">
                        {t('purchases.takeBackValue', { count: plan.takeCredits })}
                      </Table.Td>
                    </Table.Tr>
                    <Table.Tr>
                      <Table.Th scope="row" fw={400}>
                        {t('purchases.returnLabel')}
                      </Table.Th>
                      <Table.Td ta="right" fw={600} data-testid="refund-return">
                        {dollars(plan.refundCents, language)}
                      </Table.Td>
                    </Table.Tr>
                    {plan.amountCents > plan.refundCents && (
                      <Table.Tr>
                        <Table.Th scope="row" fw={400}>
                          {t('purchases.keptLabel')}
                        </Table.Th>
                        <Table.Td ta="right" data-testid="refund-kept">
                          {dollars(plan.amountCents - plan.refundCents, language)}
                        </Table.Td>
                      </Table.Tr>
                    )}
                  </Table.Tbody>
                </Table>
              ) : (
                <Notice color="gray" data-testid="refund-nothing">
                  <Text size="sm" c="gray.9">
                    {plan.takeCredits === 0
                      ? t('purchases.allSpent', { count: plan.credits })
                      : t('purchases.lessThanCent')}
                  </Text>
                </Notice>
              )}
              {plan.refundable && !plan.retry && <Text size="sm">{t('purchases.irreversible')}</Text>}
            </>
          )}

          {refund.isError && (
            <Notice color="red" role="alert">
              <Text size="sm" c="gray.9">
                {t('purchases.refundError')} {apiErrorText(refund.error, 'admin')}
              </Text>
            </Notice>
          )}

          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={refund.isPending} data-autofocus>
              {plan && !plan.refundable ? t('purchases.close') : t('purchases.cancel')}
            </Button>
            {plan?.refundable && (
              <Button
                color="red.9"
                loading={refund.isPending}
                disabled={preview.isFetching}
                onClick={() => refund.mutate(plan)}
              >
                {plan.retry
                  ? t('purchases.retryRefund')
                  : t('purchases.confirmRefundAmount', { amount: dollars(plan.refundCents, language) })}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
