import type { Stat } from './types';
import classes from './pages.module.css';

/** StatGrid shows headline figures as a description list: value over label. */
export function StatGrid({ stats }: { stats: Stat[] }) {
  return (
    <dl className={classes.stats} data-count={stats.length} style={{ '--stat-count': stats.length } as React.CSSProperties}>
      {stats.map((s) => (
        <div key={s.label} className={classes.stat}>
          <dt className={classes.statLabel}>{s.label}</dt>
          <dd className={classes.statValue}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}
