/** AdminFestivalsPage: being built (issue 4). */
export default function AdminFestivalsPage() {
  return null;
}
