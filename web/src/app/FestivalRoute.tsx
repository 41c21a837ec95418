import { useSearchParams } from 'react-router';
import FestivalPage from '../features/festivals/FestivalPage';
import { DeadlineReminderButton, PendingDeadlineReminder, remindParam } from '../features/reminders/DeadlineReminder';
import { ScreeningsSection } from '../features/tickets/ScreeningsSection';

/**
 * /festival/:slug: the festival's public page (festivals) with its
 * screenings and their Buy links (tickets) and its deadline reminders
 * (reminders): a 'Remind me' per category, and the reminder a visitor chose
 * before signing in, set on their return (?remind=...).
 */
export default function FestivalRoute() {
  const [params] = useSearchParams();
  return (
    <FestivalPage
      screenings={(slug) => <ScreeningsSection slug={slug} />}
      categoryReminder={(slug, category) => <DeadlineReminderButton slug={slug} category={category} />}
      pendingReminder={
        params.has(remindParam) ? (slug, categories) => <PendingDeadlineReminder slug={slug} categories={categories} /> : undefined
      }
    />
  );
}
