/** TanStack Query keys of the film screens. */
export const filmsKey = ['films'] as const;
export const filmKey = (id: number | string) => ['films', String(id)] as const;
