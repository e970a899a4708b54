import { useState } from 'react';
import type { GateArea } from './types.ts';

/** The gate's area is kept on the device (an area id, nothing personal): a guard chooses it once. */
const PLACE_KEY = 'yy-visitor-gate-place';

function stored(): string {
  try {
    return globalThis.localStorage?.getItem(PLACE_KEY) ?? '';
  } catch {
    return '';
  }
}

/**
 * The area this gate stands at: the one chosen on this device if the bundle still has it, else the
 * only area when there is one, else none (the guard chooses).
 */
export function usePlace(areas: readonly GateArea[] | undefined): [string, (id: string) => void] {
  const [chosen, setChosen] = useState(stored);
  const place = areas?.some((a) => a.id === chosen) ? chosen : areas?.length === 1 ? areas[0]!.id : '';
  const choose = (id: string) => {
    setChosen(id);
    try {
      globalThis.localStorage?.setItem(PLACE_KEY, id);
    } catch {
      // not kept: chosen for this visit of the page only
    }
  };
  return [place, choose];
}
