/** The edits WordPress's image editor applies for `POST /wp/v2/media/<id>/edit`, in the order given. */
export type ImageModifier =
  | { type: 'flip'; horizontal: boolean; vertical: boolean }
  | { type: 'rotate'; angle: number }
  /** Percentages of the image as it stands after the edits before. */
  | { type: 'crop'; left: number; top: number; width: number; height: number };

/** The name of an edited copy: `-edited` once, however often the image was edited before. */
export const editedName = (name: string): string => (/-edited(-\d+)?$/.test(name) ? name.replace(/-edited(-\d+)?$/, '-edited') : `${name}-edited`);
