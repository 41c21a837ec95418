import { Text } from '@mantine/core';
import { useEffectEvent, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountdown, secondsLeft } from './format';
import { ns } from './ScreeningsSection';

/**
 * Countdown shows the time left on a hold (m:ss) and calls onExpired once
 * when it runs out. The figure is written straight into its element each
 * second (the first time before the browser paints), so the page does not
 * re-render with the clock.
 */
export function Countdown({ until, onExpired }: { until: string; onExpired: () => void }) {
  const { t } = useTranslation(ns);
  const ref = useRef<HTMLSpanElement>(null);
  const expire = useEffectEvent(() => onExpired());

  useLayoutEffect(() => {
    const tick = () => {
      const left = secondsLeft(until, Date.now());
      if (ref.current) ref.current.textContent = formatCountdown(left);
      return left;
    };
    tick();
    const interval = window.setInterval(tick, 1000);
    const timeout = window.setTimeout(() => expire(), Math.max(0, new Date(until).getTime() - Date.now()));
    return () => {
      window.clearInterval(interval);
      window.clearTimeout(timeout);
    };
  }, [until]);

  return (
    <Text size="sm" c="gray.9" fw={600} data-testid="hold-countdown">
      {t('buy.holdLeft')}{' '}
      <span role="timer" ref={ref} style={{ fontFamily: 'monospace', fontSize: 'var(--mantine-font-size-lg)', fontWeight: 800 }} />
    </Text>
  );
}
