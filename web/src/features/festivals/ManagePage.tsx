import { GuardedPlaceholder } from './GuardedPlaceholder';

/** ManagePage: guarded page for festival reminders (the full feature comes in a later issue). */
export default function ManagePage() {
  return <GuardedPlaceholder page="manage" />;
}
