import FestivalPage from '../features/festivals/FestivalPage';
import { ScreeningsSection } from '../features/tickets/ScreeningsSection';

/** /festival/:slug: the festival's public page (festivals) with its screenings and their Buy links (tickets). */
export default function FestivalRoute() {
  return <FestivalPage screenings={(slug) => <ScreeningsSection slug={slug} />} />;
}
