import type { TaskDto, TaskListResponse } from '@caliber/contracts';
import type { ReactNode } from 'react';
import { StepPager } from '@caliber/ui-kit';
import { countBadge, pageLine } from '../utils/maintenance-query';

/**
 * The frame both Maintenance panels share: a titled region, its items or its empty text, and the
 * pager. While a newer page loads, the previous one stays, dimmed.
 */
export function MaintenancePanel({
  id,
  title,
  description,
  empty,
  data,
  loading,
  onPage,
  pagerLabel,
  renderItem,
}: {
  id: string;
  title: string;
  description: string;
  empty: string;
  data: TaskListResponse | null;
  loading: boolean;
  onPage(page: number): void;
  pagerLabel: string;
  renderItem(task: TaskDto): ReactNode;
}) {
  const headingId = `${id}-heading`;
  const descriptionId = `${id}-description`;
  return (
    <section
      className="ck-surface maintenance-panel"
      aria-labelledby={headingId}
      aria-describedby={descriptionId}
      aria-busy={loading || undefined}
    >
      <header className="maintenance-panel__header">
        <h2 id={headingId} className="maintenance-panel__title">
          {title}
          {data ? (
            <span className="maintenance-panel__count">{countBadge(data.total, data.more)}</span>
          ) : null}
        </h2>
        <p className="muted" id={descriptionId}>
          {description}
        </p>
      </header>
      {data ? (
        // A page emptied since it was asked for still offers its pager, back to what is left.
        data.total === 0 ? (
          <p className="maintenance-panel__empty">{empty}</p>
        ) : (
          <>
            {data.tasks.length > 0 ? (
              <ul className={`maintenance-list${loading ? ' maintenance-list--stale' : ''}`}>
                {data.tasks.map(renderItem)}
              </ul>
            ) : null}
            <StepPager
              page={data.page}
              pages={data.pages}
              line={pageLine(data.page, data.pages, data.more)}
              label={pagerLabel}
              align="spread"
              onPage={onPage}
            />
          </>
        )
      ) : null}
    </section>
  );
}
