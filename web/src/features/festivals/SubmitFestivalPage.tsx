import { GuardedPlaceholder } from './GuardedPlaceholder';

/** SubmitFestivalPage: guarded page for festival registration (the full feature comes in a later issue). */
export default function SubmitFestivalPage() {
  return <GuardedPlaceholder page="submit" />;
}
