import { GuardedPlaceholder } from './GuardedPlaceholder';

/** FestivalsPage: guarded page for festival discovery (the full feature comes in a later issue). */
export default function FestivalsPage() {
  return <GuardedPlaceholder page="discover" />;
}
