import doc from './openapi.json';

/**
 * documentLimit reads one limit of a field from the API document (for the
 * tests that hold the forms' zod limits to the server's): schema is a
 * component's name ("FilmDetails"), field a property ("title") or a
 * property's items ("features[]"), keyword a JSON Schema keyword
 * ("maxLength", "minimum", ...). A limit the document lacks throws.
 */
export function documentLimit(schema: string, field: string, keyword: string): number {
  const schemas = doc.components.schemas as Record<string, { properties?: Record<string, Record<string, unknown>> }>;
  const items = field.endsWith('[]');
  const prop = schemas[schema]?.properties?.[items ? field.slice(0, -2) : field];
  const s = (items ? prop?.items : prop) as Record<string, unknown> | undefined;
  const v = s?.[keyword];
  if (typeof v !== 'number') throw new Error(`the API document has no ${keyword} for ${schema}.${field}`);
  return v;
}
