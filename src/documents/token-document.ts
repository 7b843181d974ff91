/** The system's TokenDocument class: Foundry lifecycle only. */

/**
 * An Age of Dragons token. Foundry only lets a bar be edited when its `value` is a stored field; the life bar's
 * value is derived (max - wounds), so it is marked editable here and the actor turns edits into wounds.
 */
export class AgeOfDragonsTokenDocument extends TokenDocument {
  override getBarAttribute(
    barName: string,
    options?: TokenDocument.GetBarAttributeOptions,
  ): TokenDocument.GetBarAttributeReturn {
    const bar = super.getBarAttribute(barName, options);
    if (bar?.type === "bar" && bar.attribute === "life") return { ...bar, editable: true };
    return bar;
  }
}
