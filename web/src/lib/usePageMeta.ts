import { useEffect } from 'react';

/** usePageMeta sets the document title and meta description of the current page. */
export function usePageMeta(title: string | undefined, description: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} | Marquee`;
    if (description !== undefined) {
      let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!meta) {
        meta = document.createElement('meta');
        meta.name = 'description';
        document.head.appendChild(meta);
      }
      meta.content = description;
    }
  }, [title, description]);
}
