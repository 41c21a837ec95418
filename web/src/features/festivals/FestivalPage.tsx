/** FestivalPage: being built (issue 4). */
export default function FestivalPage() {
  return null;
}
