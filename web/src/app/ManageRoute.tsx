import { MyFestivals } from '../features/festivals/MyFestivals';
import ManagePage from '../features/reminders/ManagePage';

/** /manage: the reminders page (reminders) with the festivals the user registered (festivals). */
export default function ManageRoute() {
  return <ManagePage festivals={<MyFestivals />} />;
}
