import type { ArgValues } from '../../http/args';
import type { termArgs } from './args';

/** The term engine's argument types; the taxonomies themselves are TaxonomyDefinitions (registry/taxonomy.ts). */

/** The argument shapes of the five term routes (termArgs()); the operations are typed from them. */
export type TermArgShapes = ReturnType<typeof termArgs>;

/** The validated arguments of one of the term routes. */
export type TermArgs<K extends keyof TermArgShapes> = ArgValues<TermArgShapes[K]>;
