/**
 * The life track a sheet draws: one box per wound up to the death threshold, the boxes where severe injury and
 * death begin marked, from the thresholds the data model derived (000 "Severe injury and Death"). Pure.
 */

/** Which health state a box's wound count belongs to. */
export type TrackZone = "fit" | "severelyInjured" | "dead";

/** One box of the life track. */
export interface TrackBox {
  /** The wound count this box stands for. */
  wounds: number;
  filled: boolean;
  zone: TrackZone;
  /** The first box of a zone carries its mark. */
  marks: "severelyInjured" | "dead" | null;
}

/** The boxes from 1 wound to the death threshold; `wounds` of them filled (more wounds than boxes fill all). */
export function lifeTrack(wounds: number, thresholds: { severelyInjured: number; dead: number }): TrackBox[] {
  const boxes: TrackBox[] = [];
  for (let n = 1; n <= thresholds.dead; n += 1) {
    const zone: TrackZone = n >= thresholds.dead ? "dead" : n >= thresholds.severelyInjured ? "severelyInjured" : "fit";
    const marks = n === thresholds.dead ? "dead" : n === thresholds.severelyInjured ? "severelyInjured" : null;
    boxes.push({ wounds: n, filled: n <= wounds, zone, marks });
  }
  return boxes;
}

/** The boxes of one health state: a line of the track, with the wound count where the state begins. */
export interface TrackZoneLine {
  zone: TrackZone;
  /** The en.json label of the line (Fit / Severely injured at N wounds / Dead at N wounds). */
  label: string;
  /** The wound count the line's first box stands for. */
  from: number;
  boxes: TrackBox[];
}

/** The track broken into one line per health state, so each threshold starts a line and is named before it. */
export function lifeZones(track: readonly TrackBox[]): TrackZoneLine[] {
  const lines: TrackZoneLine[] = [];
  for (const box of track) {
    let line = lines.at(-1);
    if (line?.zone !== box.zone) {
      const label = box.zone === "fit" ? "AOD.Status.Fit" : box.zone === "dead" ? "AOD.Sheet.Life.DeadAt" : "AOD.Sheet.Life.SevereAt";
      line = { zone: box.zone, label, from: box.wounds, boxes: [] };
      lines.push(line);
    }
    line.boxes.push(box);
  }
  return lines;
}

/**
 * The wounds after a click on the box for `box` wounds: that many, or one fewer when it is the last filled box (so
 * a second click on it takes the wound back off).
 */
export function woundsAfterClick(current: number, box: number): number {
  return current === box ? box - 1 : box;
}
